import type { ReferencePriceKind } from "#app/lib/reference-price";

// The one product shape both APIs are read into.

export interface AmazonProduct {
  asin: string;
  title: string;
  description: string;
  images: string[];
  imageUrl: string | null;
  currentPrice: number | null;
  originalPrice: number | null;
  /** What Amazon says its reference price is (its savingBasisType, "used for EU omnibus compliance"). */
  referencePriceKind: ReferencePriceKind;
  savingsAmount: number | null;
  savingsPercentage: number | null;
  availability: string | null;
  /** False when Amazon offers it to no one now (no offer, or out of stock / unavailable). */
  buyable: boolean;
  deliveryInfo: string | null;
  primeEligible: boolean;
  starRating: number | null;
  totalReviews: number | null;
  affiliateUrl: string;
  /** When its deal ends (a lightning deal's end time), as OffersV2's dealDetails gives it. */
  dealEndsAt: Date | null;
}

type Json = Record<string, unknown>;

/** Amazon's savingBasisType as a reference price's kind; a basis of no known type is taken as a list price. */
const savingBasisKinds: Record<string, ReferencePriceKind> = {
  LIST_PRICE: "list",
  WAS_PRICE: "was",
  LOWEST_PRICE: "lowest_30",
  LOWEST_PRICE_STRIKETHROUGH: "lowest_30",
};
const obj = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const time = (value: unknown): Date | null => {
  const at = str(value) ? new Date(value as string) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

/** PA-API answers in PascalCase, the Creators API in lowerCamelCase: read both as the latter. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([key, inner]) => [
      key === key.toUpperCase() ? key.toLowerCase() : key.charAt(0).toLowerCase() + key.slice(1),
      camelizeKeys(inner),
    ]),
  );
}

function withTag(url: string, tag: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has("tag")) parsed.searchParams.set("tag", tag);
    return parsed.toString();
  } catch {
    return url;
  }
}

/** OffersV2 availability types under which nobody can buy the item now. */
const UNBUYABLE = new Set(["OUT_OF_STOCK", "UNAVAILABLE"]);

/** One item of a GetItems answer (already camelised) as an AmazonProduct. */
export function toAmazonProduct(item: Json, context: { associateTag: string; marketplace: string }): AmazonProduct {
  const info = obj(item.itemInfo);
  const images = obj(item.images);
  const primary = str(obj(obj(images.primary).large).url);
  const variants = arr(images.variants)
    .map((variant) => str(obj(obj(variant).large).url))
    .filter((url): url is string => url !== null);
  const listing = obj(arr(obj(item.offersV2).listings)[0]);
  const price = obj(listing.price);
  const current = num(obj(price.money).amount);
  const basis = num(obj(obj(price.savingBasis).money).amount);
  const savings = obj(price.savings);
  const reviews = obj(item.customerReviews);
  const rating = obj(reviews.starRating);
  const features = arr(obj(info.features).displayValues).filter((value): value is string => typeof value === "string");
  const asin = String(item.asin);
  const delivery = obj(listing.deliveryInfo);
  return {
    asin,
    title: str(obj(info.title).displayValue) ?? asin,
    description: features.join(" "),
    images: primary ? [primary, ...variants] : variants,
    imageUrl: primary ?? variants[0] ?? null,
    currentPrice: current,
    originalPrice: basis !== null && current !== null && basis > current ? basis : null,
    referencePriceKind: savingBasisKinds[str(obj(price.savingBasis).savingBasisType) ?? ""] ?? "list",
    savingsAmount:
      num(obj(savings.money).amount) ??
      (basis !== null && current !== null && basis > current ? Math.round((basis - current) * 100) / 100 : null),
    savingsPercentage: num(savings.percentage),
    availability: str(obj(listing.availability).message) ?? str(obj(listing.availability).type),
    buyable: current !== null && !UNBUYABLE.has(str(obj(listing.availability).type) ?? ""),
    deliveryInfo: delivery.isFreeShippingEligible ? "Free shipping" : null,
    primeEligible: delivery.isPrimeEligible === true,
    starRating: num(rating.value) ?? num(reviews.starRating),
    totalReviews: num(reviews.count),
    affiliateUrl: withTag(str(item.detailPageURL) ?? `https://${context.marketplace}/dp/${asin}`, context.associateTag),
    dealEndsAt: time(obj(listing.dealDetails).endTime),
  };
}

/**
 * The product as the admin forms read it: the deal form's snake_case fields and the gift form's camelCase
 * ones (the original app's two readings of one answer).
 */
export function productForForms(product: AmazonProduct) {
  return {
    ...product,
    image_url: product.imageUrl,
    current_price: product.currentPrice,
    original_price: product.originalPrice,
    reference_price_kind: product.referencePriceKind,
    price: product.currentPrice,
    savings_amount: product.savingsAmount,
    savings_percentage: product.savingsPercentage,
    delivery_info: product.deliveryInfo,
    prime_eligible: product.primeEligible,
    isPrimeEligible: product.primeEligible,
    star_rating: product.starRating,
    rating: product.starRating,
    total_reviews: product.totalReviews,
    totalReviews: product.totalReviews,
    affiliate_url: product.affiliateUrl,
  };
}
