// Whether a deal is what an alert asked for. Keywords match the way shoppers type: case, spaces, hyphens and
// punctuation do not count ('wh1000xm5' and 'wh 1000xm5' find 'Sony WH-1000XM5'), and each keyword must start
// a word of the title or run across words from a word's start ('tv' finds 'TV' and 'TVs', not 'activity').
// A run compares every new deal with every active alert, so each side is prepared once (`titleStarts`,
// `keywordsOf`) and a comparison is a few string prefixes.

/** Lower case, letters and digits only (accents dropped). */
export const compact = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A title as keywords are matched against it: from each word's start to the end, compacted. */
export function titleStarts(title: string): string[] {
  const words = title
    .split(/[\s/]+/)
    .map(compact)
    .filter(Boolean);
  return words.map((_, index) => words.slice(index).join(""));
}

/** An alert's keywords, each compacted (empty ones dropped). */
export const keywordsOf = (keywords: string) =>
  keywords
    .split(/[\s,;]+/)
    .map(compact)
    .filter(Boolean);

const allStart = (terms: string[], starts: string[]) =>
  terms.every((term) => starts.some((rest) => rest.startsWith(term)));

/** Every keyword matches, or all of them written as one ('wh 1000xm5' is one model number). */
export const keywordsMatch = (terms: string[], starts: string[]) =>
  allStart(terms, starts) || (terms.length > 1 && allStart([terms.join("")], starts));

export interface AlertCriteria {
  /** From keywordsOf. */
  terms: string[];
  storeId: string | null;
  categoryId: string | null;
  maxPrice: number | null;
  minDiscount: number | null;
}

export interface DealFacts {
  /** From titleStarts. */
  titleStarts: string[];
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
  return keywordsMatch(alert.terms, deal.titleStarts);
}
