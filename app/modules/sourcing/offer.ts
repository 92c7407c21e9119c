import { offerKeyOf } from "./offer-key";

// What every source adapter yields: one offer as its source describes it, before the site knows whether it
// wants it. The queue stores offers as candidates under a key that says which offer it is (ADR 0041).

export interface Offer {
  /** The offer's id in its source (a promotion id); null when the source gives none. */
  externalId: string | null;
  kind: "deal" | "coupon";
  /** The page the offer is about (a product, a store's landing page). */
  url: string;
  title: string;
  description?: string | null;
  imageUrl?: string | null;
  /** The source's own tracking link for the offer, when it gives one. */
  affiliateUrl?: string | null;
  price?: number | null;
  originalPrice?: number | null;
  couponCode?: string | null;
  discountType?: "percentage" | "fixed" | null;
  discountValue?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  /** The store as the source names it (an advertiser's name). */
  merchant?: string | null;
}

/** A code as shoppers type it: case and spaces do not make another code. */
export const normalisedCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();

/**
 * Which offer this is: a coupon code is its store (matched, else as the source names it) and code; a coupon
 * without one is its source's promotion; anything else is its ASIN or its address without tracking
 * parameters. Null when there is nothing to tell it by.
 */
export function keyOfOffer(offer: Offer, storeId: string | null, sourceId: string | null): string | null {
  if (offer.kind === "coupon") {
    const code = offer.couponCode ? normalisedCode(offer.couponCode) : "";
    const merchant = offer.merchant?.trim().toLowerCase();
    if (code && (storeId || merchant)) return `code:${storeId ?? `m:${merchant}`}:${code}`;
    if (offer.externalId && sourceId) return `offer:${sourceId}:${offer.externalId}`;
  }
  return offerKeyOf(offer.url);
}

/** A deal's saving against its original price, whole per cent; null without both prices. */
export function savingPercent(offer: Pick<Offer, "price" | "originalPrice">): number | null {
  const { price, originalPrice } = offer;
  if (price == null || originalPrice == null || originalPrice <= 0 || price >= originalPrice) return null;
  return Math.round((1 - price / originalPrice) * 100);
}

const PERCENT_OFF = /(\d{1,2}(?:\.\d+)?)\s*%\s*off/i;
const AMOUNT_OFF = /[£$€]\s?(\d{1,5}(?:\.\d{2})?)\s*off/i;

/** The discount a promotion's words state ("20% off", "£10 off"), when its source gives no figure. */
export function discountStated(words: string): Pick<Offer, "discountType" | "discountValue"> {
  const percent = words.match(PERCENT_OFF);
  if (percent) return { discountType: "percentage", discountValue: Number(percent[1]) };
  const amount = words.match(AMOUNT_OFF);
  if (amount) return { discountType: "fixed", discountValue: Number(amount[1]) };
  return { discountType: null, discountValue: null };
}
