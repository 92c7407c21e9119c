/** Amazon's licence: a price may be shown for 24 hours after it was read, then it must be refreshed. */
export const PRICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether an Amazon item's price may be shown now. Items without an ASIN are not Amazon prices. */
export function amazonPriceShowable(
  item: { amazonAsin: string | null; priceUpdatedAt: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (!item.amazonAsin) return true;
  return item.priceUpdatedAt !== null && now.getTime() - new Date(item.priceUpdatedAt).getTime() < PRICE_MAX_AGE_MS;
}
