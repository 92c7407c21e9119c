/** round((original − current) / original × 100) when both prices are present, otherwise null. */
export function discountPercentage(
  current: number | null | undefined,
  original: number | null | undefined,
): number | null {
  if (current == null || original == null || original <= 0) return null;
  return Math.round(((original - current) / original) * 100);
}

/** What the shopper saves; null unless the original price is higher. */
export function savings(current: number, original: number | null | undefined): number | null {
  if (original == null) return null;
  const amount = Math.round((original - current) * 100) / 100;
  return amount > 0 ? amount : null;
}
