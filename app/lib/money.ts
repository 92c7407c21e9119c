const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

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
 * A deal's price and store in the words a message or a post carries ("$279.99 at Best Buy"): an Amazon
 * price is left out, as a reader keeps messages past the 24 hours Amazon allows a price to be shown.
 */
export function dealPriceAndStore(deal: { price: number; asin: string | null; store: string | null }): string {
  return [deal.asin ? null : formatPrice(deal.price), deal.store ? `at ${deal.store}` : null].filter(Boolean).join(" ");
}
