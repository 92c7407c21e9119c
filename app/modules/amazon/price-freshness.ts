/**
 * Amazon's licence: a price, an image link or a rating read from its API may be shown for 24 hours after it
 * was read, then it must be read again (the price refresh does).
 */
export const PRICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether an Amazon item's price, image and rating may be shown now. Items without an ASIN are not Amazon's. */
export function amazonContentShowable(
  item: { amazonAsin: string | null; priceUpdatedAt: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (!item.amazonAsin) return true;
  return item.priceUpdatedAt !== null && now.getTime() - new Date(item.priceUpdatedAt).getTime() < PRICE_MAX_AGE_MS;
}

type AmazonItem = Parameters<typeof amazonContentShowable>[0];

/** The item's picture, or null (the card's neutral placeholder) for an Amazon image read over 24 hours ago. */
export const shownImage = (item: AmazonItem & { imageUrl: string | null }, now = new Date()) =>
  amazonContentShowable(item, now) ? item.imageUrl : null;

/** The item's star rating, or null for an Amazon rating read over 24 hours ago. */
export const shownRating = (item: AmazonItem & { rating: number | null }, now = new Date()) =>
  amazonContentShowable(item, now) ? item.rating : null;
