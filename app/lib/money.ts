/** The site's locale: how its figures are written, and read back from a spreadsheet. */
const SITE_LOCALE = "en-US";
const dollars = new Intl.NumberFormat(SITE_LOCALE, { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** A discount value as labels show it: whole numbers bare ("20", "50"), others with cents ("7.50"). */
export function discountAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** "$1,096.99": every price on the site shows two decimals. */
export function formatPrice(value: number): string {
  return dollars.format(value);
}

/** A coupon's discount: '{value}% OFF' or '${value} OFF'. */
export function couponDiscountLabel(type: "percentage" | "fixed", value: number): string {
  const amount = discountAmount(value);
  return type === "percentage" ? `${amount}% OFF` : `$${amount} OFF`;
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

const separators = Object.fromEntries(
  new Intl.NumberFormat(SITE_LOCALE)
    .formatToParts(12345.6)
    .filter((part) => part.type === "group" || part.type === "decimal")
    .map((part) => [part.type, part.value]),
) as { group: string; decimal: string };

/**
 * A figure as a spreadsheet writes it ("$1,099.99", "1 099,99 €" in another locale, "USD 20") as plain
 * digits ("1099.99"), by the site's locale; null when it is no number at all.
 */
export function plainNumber(text: string): string | null {
  const bare = text
    .trim()
    .replace(/^[A-Z]{3}(?=[\s\d\p{Sc}-])|(?<=[\d\s])[A-Z]{3}$/gu, "")
    .replace(/[\p{Sc}\s]/gu, "")
    .split(separators.group)
    .join("")
    .replace(separators.decimal, ".");
  return /^-?\d+(\.\d+)?$/.test(bare) ? bare : null;
}
