import type { Executor } from "#app/db/client.server";
import { listStoreCoupons } from "#app/modules/coupons/coupons-public.server";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";

import { findPublicStoreBySlug } from "./stores-public.server";

/** A store page shows this many of each; the rest of its deals are a filter of Deal Dashes away. */
const LIVE_COUPONS = 30;
const LIVE_DEALS = 12;
const EXPIRED_COUPONS = 6;

/** What a store's page lists (its feed lists the live part), or null when no such store is public. */
export async function readStorePage(db: Executor, slug: string) {
  const store = await findPublicStoreBySlug(db, slug);
  if (!store) return null;
  const [liveCoupons, { deals, total: dealCount }, expiredCoupons] = await Promise.all([
    listStoreCoupons(db, store.id, { state: "live", limit: LIVE_COUPONS }),
    listPublicDeals(db, { store: store.slug, limit: LIVE_DEALS }),
    listStoreCoupons(db, store.id, { state: "expired", limit: EXPIRED_COUPONS }),
  ]);
  return { store, liveCoupons, deals, dealCount, expiredCoupons };
}
