import { formatCount } from "#app/lib/counts";
import { formatPrice } from "#app/lib/money";

import { type Offer, savingPercent } from "./offer";

// A candidate's score: points the owner can read back as reasons, so the queue's order is never a mystery.
// The biggest part is what the shopper saves; the rest is what the site knows of the store and the source.

export interface ScoreContext {
  now: Date;
  /** Clicks out to the offer's store over the last 30 days, when it matched one. */
  storeClicks?: number;
  /** What the store earned per click over the last 90 days (cents of the site's currency), when it earned. */
  storeEpcCents?: number;
  /** Of this source's candidates the owner decided, the share approved, when there are enough to tell. */
  approvalRate?: number | null;
  /** The lowest price the site recorded for the offer's earlier item in the last 90 days, when it had one. */
  lowestSeen?: number;
  /** What the offer's earlier item earned per click over the last 90 days (cents), when it earned. */
  itemEpcCents?: number;
}

export interface Score {
  score: number;
  reasons: string[];
}

const HOUR = 3_600_000;

/** Points for a saving: one a per cent, up to 60. */
function savingPart(offer: Offer): { points: number; reason: string } | null {
  const saving =
    offer.kind === "deal"
      ? savingPercent(offer)
      : offer.discountType === "percentage" && offer.discountValue
        ? Math.round(offer.discountValue)
        : null;
  if (saving !== null && saving > 0) return { points: Math.min(saving, 60), reason: `Saves ${saving}%` };
  if (offer.kind === "coupon" && offer.discountType === "fixed" && offer.discountValue)
    return { points: 15, reason: "Money off" };
  return null;
}

/** Against the item's own price history: below its 90-day low is news, well above it is not a deal. */
function historyPart(offer: Offer, lowest: number | undefined): { points: number; reason: string } | null {
  if (offer.kind !== "deal" || offer.price == null || lowest === undefined) return null;
  const low = lowest.toFixed(2);
  if (offer.price < lowest) return { points: 10, reason: `Below its lowest price in 90 days (${low})` };
  if (offer.price > lowest * 1.05) return { points: -10, reason: `Was ${low} here within 90 days` };
  return null;
}

/** Points for earnings per click: fifteen from 7 cents a click (a good deal site's store), five for a cent. */
const epcPoints = (cents: number) => Math.min(15, Math.round(Math.log2(1 + cents) * 5));

export function scoreOffer(offer: Offer, context: ScoreContext): Score {
  const parts: Array<{ points: number; reason: string }> = [];
  const saving = savingPart(offer);
  if (saving) parts.push(saving);
  if (offer.kind === "coupon" && offer.couponCode) parts.push({ points: 5, reason: "Has a code" });
  if (offer.endsAt) {
    const left = offer.endsAt.getTime() - context.now.getTime();
    if (left > 0 && left <= 48 * HOUR) parts.push({ points: 10, reason: "Ends within 48 hours" });
  }
  if (context.storeClicks && context.storeClicks > 0) {
    // Fifteen points for a store shoppers click a thousand times a month, fewer for quieter ones.
    const points = Math.min(15, Math.round(Math.log10(context.storeClicks + 1) * 5));
    const clicks = formatCount(context.storeClicks);
    if (points > 0) parts.push({ points, reason: `Store clicked ${clicks} times in 30 days` });
  }
  if (context.storeEpcCents && context.storeEpcCents > 0)
    parts.push({
      points: epcPoints(context.storeEpcCents),
      reason: `Store earns ${formatPrice(context.storeEpcCents / 100)} a click (90 days)`,
    });
  if (context.itemEpcCents && context.itemEpcCents > 0)
    parts.push({
      points: epcPoints(context.itemEpcCents),
      reason: `Earned ${formatPrice(context.itemEpcCents / 100)} a click here (90 days)`,
    });
  const history = historyPart(offer, context.lowestSeen);
  if (history) parts.push(history);
  if (context.approvalRate != null)
    parts.push({
      points: Math.round(context.approvalRate * 15),
      reason: `Source approved ${Math.round(context.approvalRate * 100)}% of its offers`,
    });
  return { score: parts.reduce((sum, part) => sum + part.points, 0), reasons: parts.map((part) => part.reason) };
}
