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
