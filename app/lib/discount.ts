/** round((original − current) / original × 100) when both prices are present, otherwise null. */
export function discountPercentage(
  current: number | null | undefined,
  original: number | null | undefined,
): number | null {
  if (current == null || original == null || original <= 0) return null;
  return Math.round(((original - current) / original) * 100);
}
