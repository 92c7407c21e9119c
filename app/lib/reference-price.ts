// A deal's reference price (the struck-through one) and the reduction shown against it. Each reference
// price keeps its kind, shown as its label: the owner's "original price", a list price, a former ("was")
// price, or Amazon's lowest price of the last 30 days. Under the EU's price-indication rules (Directive
// 98/6/EC Art. 6a), a reduction is announced only against the lowest price of the 30 days before the current
// price took effect: from the site's own price history, or Amazon's 30-day low for an Amazon item (ADR 0040).

import { siteFollowsEuRules } from "./money";

export const referencePriceKinds = ["owner", "list", "was", "lowest_30"] as const;
export type ReferencePriceKind = (typeof referencePriceKinds)[number];

export const referencePriceLabels: Record<ReferencePriceKind, string> = {
  owner: "Original price",
  list: "List price",
  was: "Was",
  lowest_30: "Lowest price in 30 days",
};

/** The label of a reduction measured against the site's own history (EU rules). */
export const PRIOR_LOWEST_LABEL = "Lowest price in the 30 days before";

// Currencies of the EU and EEA states, where the EU's price-indication rules apply.
const EU_CURRENCIES = new Set(["EUR", "BGN", "CZK", "DKK", "HUF", "PLN", "RON", "SEK", "NOK", "ISK"]);

/** Whether a site in `currency` follows the EU rules until its owner says otherwise. */
export const euRulesByDefault = (currency: string): boolean => EU_CURRENCIES.has(currency);

/** What a deal's price block reads. */
export interface PricedDeal {
  currentPrice: number;
  originalPrice: number | null;
  referencePriceKind: ReferencePriceKind;
  /** The lowest recorded price of the 30 days before the current price, when the history covers them. */
  priorLowestPrice: number | null;
  amazonAsin: string | null;
}

export interface ShownReduction {
  /** The struck-through price. */
  reference: number;
  label: string;
  /** Whole percent off the reference (at least 1). */
  percent: number;
  /** The amount saved, rounded to cents. */
  saved: number;
}

/** The reference price a deal may announce under the rules in force, before comparing it with the price. */
function referenceOf(deal: PricedDeal, euRules: boolean): { price: number; label: string } | null {
  if (!euRules) {
    return deal.originalPrice === null
      ? null
      : { price: deal.originalPrice, label: referencePriceLabels[deal.referencePriceKind] };
  }
  // Amazon's own 30-day low (its savingBasisType, "used for EU omnibus compliance") stands for an Amazon
  // item, whose prices the site may not keep; any other item needs its own recorded prior-30-day low.
  if (deal.amazonAsin)
    return deal.referencePriceKind === "lowest_30" && deal.originalPrice !== null
      ? { price: deal.originalPrice, label: referencePriceLabels.lowest_30 }
      : null;
  return deal.priorLowestPrice === null ? null : { price: deal.priorLowestPrice, label: PRIOR_LOWEST_LABEL };
}

/** The reduction to show (struck-through price, its label, percent and saving), or null for none. */
export function shownReduction(deal: PricedDeal, eu = siteFollowsEuRules()): ShownReduction | null {
  const reference = referenceOf(deal, eu);
  if (!reference || reference.price <= deal.currentPrice) return null;
  const percent = Math.round(((reference.price - deal.currentPrice) / reference.price) * 100);
  if (percent < 1) return null;
  const saved = Math.round((reference.price - deal.currentPrice) * 100) / 100;
  return { reference: reference.price, label: reference.label, percent, saved };
}
