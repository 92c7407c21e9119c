// Whether a deal is what an alert asked for. Keywords match the way shoppers type: case, spaces, hyphens and
// punctuation do not count ('wh1000xm5' and 'wh 1000xm5' find 'Sony WH-1000XM5'), and each keyword must start
// a word of the title or run across words from a word's start ('tv' finds 'TV' and 'TVs', not 'activity').

/** Lower case, letters and digits only (accents dropped). */
export const compact = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The keywords of an alert, each compacted; empty ones dropped. */
export const keywordTerms = (keywords: string) =>
  keywords
    .split(/[\s,;]+/)
    .map(compact)
    .filter(Boolean);

/** Whether every term starts at some word of `text` (reading on across the following words). */
export function termsMatch(terms: string[], text: string): boolean {
  const words = text
    .split(/[\s/]+/)
    .map(compact)
    .filter(Boolean);
  const fromEachWord = words.map((_, index) => words.slice(index).join(""));
  return terms.every((term) => fromEachWord.some((rest) => rest.startsWith(term)));
}

/** Every keyword matches, or all of them written as one ('wh 1000xm5' is one model number). */
export function keywordsMatch(keywords: string, title: string): boolean {
  const terms = keywordTerms(keywords);
  return termsMatch(terms, title) || termsMatch([terms.join("")], title);
}

export interface AlertCriteria {
  keywords: string;
  storeId: string | null;
  categoryId: string | null;
  maxPrice: number | null;
  minDiscount: number | null;
}

export interface DealFacts {
  title: string;
  storeId: string | null;
  /** The deal's category and that category's parent: an alert for a category covers its subcategories. */
  categoryIds: Array<string | null>;
  price: number;
  discount: number | null;
}

export function dealMatches(alert: AlertCriteria, deal: DealFacts): boolean {
  if (alert.storeId && alert.storeId !== deal.storeId) return false;
  if (alert.categoryId && !deal.categoryIds.includes(alert.categoryId)) return false;
  if (alert.maxPrice !== null && deal.price > alert.maxPrice) return false;
  if (alert.minDiscount !== null && (deal.discount ?? 0) < alert.minDiscount) return false;
  return keywordsMatch(alert.keywords, deal.title);
}
