const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** "$1,096.99": every price on the site shows two decimals. */
export function formatPrice(value: number): string {
  return dollars.format(value);
}
