// Money in the site's currency and locale (Admin → Settings → Site; from the Amazon marketplace until the
// owner chooses, else US dollars in en-US). Like the time zone (lib/dates.ts) they are process-wide: the
// server sets them for each request and background job from the setting, and the browser from the page's
// `<meta name="site-currency">` and `<meta name="site-locale">` before it hydrates.

export interface SiteMoney {
  /** An ISO 4217 code: "USD", "EUR". */
  currency: string;
  /** A BCP 47 tag: "en-US", "de-DE". */
  locale: string;
}

export const DEFAULT_MONEY: SiteMoney = { currency: "USD", locale: "en-US" };

let site: SiteMoney = DEFAULT_MONEY;

let euRules = false;

/** Whether the site follows the EU's price-reduction rules (lib/reference-price.ts), set with its currency. */
export const siteFollowsEuRules = (): boolean => euRules;

export function setSiteFollowsEuRules(on: boolean): void {
  euRules = on;
}

/** The currency and locale prices are shown and read in. */
export const siteMoney = (): SiteMoney => site;

/** Whether the runtime formats `currency` (an ISO 4217 code it knows). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);
}

/** Whether `tag` is a locale the runtime formats numbers in ("de-DE"). */
export function isLocale(tag: string): boolean {
  if (!tag || tag.length > 35) return false;
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/** Sets the currency and locale prices are shown and read in (anything the runtime does not know is refused). */
export function setSiteMoney(money: SiteMoney): void {
  // Set before every request: the usual case, the same as before, costs no lookups.
  if (money.currency === site.currency && money.locale === site.locale) return;
  if (!isCurrency(money.currency)) throw new RangeError(`Unknown currency: ${money.currency}`);
  if (!isLocale(money.locale)) throw new RangeError(`Unknown locale: ${money.locale}`);
  site = { currency: money.currency, locale: money.locale };
}

// Formatters are built once per currency, locale and style (building one costs far more than using it).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(style: "price" | "whole" | "plain"): Intl.NumberFormat {
  const key = `${style}|${site.locale}|${site.currency}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Record<typeof style, Intl.NumberFormatOptions> = {
      price: { style: "currency", currency: site.currency },
      whole: { style: "currency", currency: site.currency, minimumFractionDigits: 0 },
      plain: {},
    };
    found = new Intl.NumberFormat(site.locale, options[style]);
    formatters.set(key, found);
  }
  return found;
}

/** The currency's symbol as the locale writes it ("$", "€", "£"), for form labels: "Price ($)". */
export function currencySymbol(): string {
  return (
    formatter("price")
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? site.currency
  );
}

/** A discount value as labels show it: whole numbers bare ("20", "50"), others with cents ("7.50"). */
export function discountAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** "$1,096.99", "1.096,99 €": every price shows its currency's usual decimals (two for dollars and euros). */
export function formatPrice(value: number): string {
  return formatter("price").format(value);
}

/** An amount off, whole ones without decimals: "$20", "20 €", "$7.50". */
export function formatAmountOff(value: number): string {
  return (Number.isInteger(value) ? formatter("whole") : formatter("price")).format(value);
}

/** A coupon's discount: '{value}% OFF' or '{amount} OFF' ("$20 OFF", "20 € OFF"). */
export function couponDiscountLabel(type: "percentage" | "fixed", value: number): string {
  return type === "percentage" ? `${discountAmount(value)}% OFF` : `${formatAmountOff(value)} OFF`;
}

/**
 * A price and store in the words a message or a post carries ("$279.99 at Best Buy"): an Amazon price is
 * left out, as a reader keeps messages past the 24 hours Amazon allows a price to be shown.
 */
export function priceAtStore(price: number | null, fromAmazon: boolean, store: string | null = null): string {
  return [fromAmazon || price === null ? null : formatPrice(price), store ? `at ${store}` : null]
    .filter(Boolean)
    .join(" ");
}

/** The locale's group and decimal separators ("," and "." in en-US; "." and "," in de-DE). */
function separators(): { group: string; decimal: string } {
  return Object.fromEntries(
    formatter("plain")
      .formatToParts(12345.6)
      .filter((part) => part.type === "group" || part.type === "decimal")
      .map((part) => [part.type, part.value]),
  ) as { group: string; decimal: string };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A figure as a spreadsheet writes it ("$1,099.99", "1.099,99 €" in de-DE, "USD 20") as plain digits
 * ("1099.99"), by the site's locale; null when it is no number at all. A figure with neither the locale's
 * decimal mark nor its thousands groups is read as plain digits ("1099.99", as the export writes it).
 */
export function plainNumber(text: string): string | null {
  const bare = text
    .trim()
    .replace(/^[A-Z]{3}(?=[\s\d\p{Sc}-])|(?<=[\d\s])[A-Z]{3}$/gu, "")
    .replace(/[\p{Sc}\s]/gu, "");
  const { group, decimal } = separators();
  const grouped = new RegExp(`^-?\\d{1,3}(${escaped(group)}\\d{3})+$`).test(bare);
  const read = bare.includes(decimal) || grouped ? bare.split(group).join("").replace(decimal, ".") : bare;
  return /^-?\d+(\.\d+)?$/.test(read) ? read : null;
}
