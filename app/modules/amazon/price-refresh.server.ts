import { and, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";

import type { Database } from "#app/db/client.server";
import { deals, giftIdeas } from "#app/db/schema";
import type { Actor, Service } from "#app/lib/actor";
import { discountPercentage } from "#app/lib/discount";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { patchContent } from "#app/modules/catalogue/mutations.server";
import { contentType } from "#app/modules/catalogue/registry.server";
import { recordLinkCheck } from "#app/modules/link-health/link-check-record.server";
import type { AppServices } from "#app/platform/load-context";

import type { AmazonApi } from "./amazon-api.server";
import type { AmazonProduct } from "./amazon-product";

/** Refresh a little before the 24-hour limit so a slow run never lets a shown price go stale. */
export const REFRESH_AFTER_MS = 20 * 60 * 60 * 1000;

export interface RefreshResult {
  checked: number;
  updated: number;
}

/** A failed check when Amazon no longer lists the product or nobody can buy it now; null when it is fine. */
function availabilityProblem(product: AmazonProduct | undefined): { ok: false; problem: string } | null {
  if (!product) return { ok: false, problem: "Amazon no longer lists this product" };
  if (!product.buyable)
    return { ok: false, problem: `Unavailable on Amazon${product.availability ? ` (${product.availability})` : ""}` };
  return null;
}

/**
 * Amazon lets a site keep a product's image link, rating and availability for 24 hours: each refresh writes
 * what it reads now, as it does the price (a rating Amazon no longer gives is cleared).
 */
const amazonContent = (product: AmazonProduct) => ({
  ...(product.imageUrl ? { imageUrl: product.imageUrl } : {}),
  amazonInStock: product.buyable,
});

/** Who the audit log names for a refresh no person asked for. */
const PRICE_REFRESH: Service = { id: null, email: "Amazon price refresh" };

/**
 * Re-reads from Amazon the prices of deals and gift ideas with an ASIN that were never read or are older
 * than REFRESH_AFTER_MS (or exactly the given ids), and stamps when. Items Amazon no longer knows keep
 * their old stamp, so the public stops showing their price once it is 24 hours old.
 */
export async function refreshAmazonPrices(
  db: Database,
  api: AmazonApi,
  options: { now?: Date; limit?: number; dealIds?: string[]; by?: Actor } = {},
): Promise<RefreshResult> {
  const by = options.by ?? PRICE_REFRESH;
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - REFRESH_AFTER_MS);
  const limit = options.limit ?? 200;
  const due = (column: typeof deals.priceUpdatedAt | typeof giftIdeas.priceUpdatedAt) =>
    or(isNull(column), lt(column, cutoff));

  const dealRows = await db
    .select({
      id: deals.id,
      asin: deals.amazonAsin,
      url: deals.affiliateUrl,
    })
    .from(deals)
    .where(
      and(
        isNotNull(deals.amazonAsin),
        options.dealIds ? inArray(deals.id, options.dealIds) : due(deals.priceUpdatedAt),
      ),
    )
    .limit(limit);
  const giftRows = options.dealIds
    ? []
    : await db
        .select({
          id: giftIdeas.id,
          asin: giftIdeas.amazonAsin,
          url: giftIdeas.productUrl,
        })
        .from(giftIdeas)
        .where(and(isNotNull(giftIdeas.amazonAsin), due(giftIdeas.priceUpdatedAt)))
        .limit(limit);

  const asins = [...dealRows, ...giftRows].map((row) => row.asin!).filter(Boolean);
  if (asins.length === 0) return { checked: 0, updated: 0 };
  const products = await api.getItems(asins);

  // Link health for Amazon items comes from here (ADR 0020): gone or not buyable counts as a failed check.
  const availability = [
    ...dealRows.map((row) => ({ ...row, kind: "deal" })),
    ...giftRows.map((row) => ({ ...row, kind: "gift" })),
  ];
  for (const row of availability) {
    await recordLinkCheck(
      db,
      { kind: row.kind, id: row.id, target: "link", url: row.url },
      availabilityProblem(products.get(row.asin!.toUpperCase())),
      now,
    );
  }

  let updated = 0;
  for (const row of dealRows) {
    const product = products.get(row.asin!.toUpperCase());
    if (!product || product.currentPrice === null) continue;
    const read = {
      currentPrice: product.currentPrice,
      originalPrice: product.originalPrice,
      referencePriceKind: product.referencePriceKind,
      discountPercentage: discountPercentage(product.currentPrice, product.originalPrice),
      ...amazonContent(product),
      rating: product.starRating,
      reviewCount: product.totalReviews,
    };
    if (await patchContent(contentType("deal"), db, by, row.id, { changes: read, stamps: { priceUpdatedAt: now } }))
      updated++;
  }
  for (const row of giftRows) {
    const product = products.get(row.asin!.toUpperCase());
    if (!product || product.currentPrice === null) continue;
    const read = {
      price: product.currentPrice,
      ...amazonContent(product),
      rating: product.starRating,
      totalReviews: product.totalReviews ?? 0,
    };
    if (await patchContent(contentType("gift"), db, by, row.id, { changes: read, stamps: { priceUpdatedAt: now } }))
      updated++;
  }
  return { checked: asins.length, updated };
}

/** The admin's 'Refresh now' on one deal: read its Amazon price again, whatever its age, and say how it went. */
export async function refreshDealPrice(
  services: Pick<AppServices, "db" | "amazon">,
  dealId: string,
  by: Actor,
): Promise<Toast> {
  const api = await services.amazon();
  if (!api) return errorToast("Amazon is not configured yet: add your keys under Settings → Amazon.");
  try {
    const { updated } = await refreshAmazonPrices(services.db, api, { dealIds: [dealId], by });
    return updated ? successToast("Price refreshed from Amazon") : errorToast("Amazon returned no price for this ASIN");
  } catch (error) {
    return errorToast(error instanceof Error ? error.message : "Failed to refresh the price");
  }
}
