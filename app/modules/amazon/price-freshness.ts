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

/** What an item page says when Amazon offers it to nobody now. */
export const OUT_OF_STOCK = "Currently unavailable on Amazon";

/** Whether Amazon said nobody can buy it now, at a read under 24 hours old (older, it is not shown). */
export const shownOutOfStock = (item: AmazonItem & { amazonInStock: boolean | null }, now = new Date()) =>
  item.amazonInStock === false && amazonContentShowable(item, now);

/** The schema.org availability of an offer: discontinued once ended, out of stock when Amazon said so. */
export const offerAvailability = (
  item: AmazonItem & { amazonInStock: boolean | null },
  ended = false,
): "Discontinued" | "OutOfStock" | "InStock" =>
  ended ? "Discontinued" : shownOutOfStock(item) ? "OutOfStock" : "InStock";
