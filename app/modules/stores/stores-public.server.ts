import { and, asc, desc, eq, gte, like, or, type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { coupons, deals, stores } from "#app/db/schema";
import { containsPattern } from "#app/db/sql-text";
import { findPublicBySlug, publicRows } from "#app/modules/content-types/public-read.server";
import { couponFace } from "#app/modules/coupons/coupon.face";
import { dealFace } from "#app/modules/deals/deal.face";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

import { storeFace } from "./store.face";

// Stores as shoppers see them: their own pages and the A–Z index. Names, logos, SEO words and the
// click-out address only: api_config never leaves the server.

/** How many stores one page of the A–Z index lists. */
export const STORES_PER_INDEX_PAGE = 120;

const publicStoreColumns = {
  id: stores.id,
  name: stores.name,
  slug: stores.slug,
  logoUrl: stores.logoUrl,
  seoTitle: stores.seoTitle,
  seoDescription: stores.seoDescription,
  // The owner's affiliate link, or none: no Visit button (never an address guessed from the name).
  targetUrl: stores.affiliateUrl,
};

/**
 * A store has a page worth listing while it has a live deal or coupon (checked at query time, through
 * each table's store index; the trigger-kept counters skip the stores with nothing published at all).
 * One EXISTS over a UNION ALL, not two under an OR: PostgreSQL turned those into hashes of every live deal
 * (76 ms for the first page of the index at 100,000 deals; 8.6 ms this way).
 */
export function storeHasLiveItems(): SQL {
  const liveDeal = sql`select 1 from ${publicRows(dealFace, { live: true })} where ${deals.storeId} = ${stores.id}`;
  const liveCoupon = sql`select 1 from ${publicRows(couponFace, { live: true })} where ${coupons.storeId} = ${stores.id}`;
  return sql`((${stores.publishedDeals} > 0 or ${stores.publishedCoupons} > 0) and exists (${liveDeal} union all ${liveCoupon}))`;
}

export const findPublicStoreBySlug = (db: Executor, slug: string) =>
  findPublicBySlug(db, storeFace, publicStoreColumns, slug);

/** A store's place in the A–Z index: its name's first letter, or "#" for a name that starts otherwise. */
const initialOf = sql<string>`case when upper(left(${stores.name}, 1)) between 'A' and 'Z' then upper(left(${stores.name}, 1)) else '#' end`;

/** The index's letters that lead to a store with live items (the others are shown but not linked). */
export const storeInitials = keptUntilContentChanges(async (db: Executor): Promise<string[]> => {
  const rows = await db.selectDistinct({ initial: initialOf }).from(publicRows(storeFace)).where(storeHasLiveItems());
  return rows.map((row) => row.initial).sort();
});

/**
 * One page of the A–Z index: stores with live items (those of one `letter`, when given) from the name
 * `from` on (where the previous page ended), and the name the next page starts at.
 */
export async function listStoresAtoZ(
  db: Executor,
  { letter = "", from = "" }: { letter?: string; from?: string } = {},
) {
  const rows = await db
    .select({ name: stores.name, slug: stores.slug, logoUrl: stores.logoUrl })
    .from(publicRows(storeFace))
    .where(
      and(letter ? eq(initialOf, letter) : undefined, from ? gte(stores.name, from) : undefined, storeHasLiveItems()),
    )
    .orderBy(asc(stores.name), asc(stores.id))
    .limit(STORES_PER_INDEX_PAGE + 1);
  return { stores: rows.slice(0, STORES_PER_INDEX_PAGE), nextFrom: rows[STORES_PER_INDEX_PAGE]?.name ?? null };
}

/**
 * Stores with live items whose name contains the search or is near it (a typo: trigram similarity), both
 * served by the trigram index on the lower-case name; the closest first, and whether there are more than `limit`.
 */
export async function listMatchingStores(db: Executor, search: string, limit: number) {
  const typed = search.toLowerCase();
  const rows = await db
    .select({ name: stores.name, slug: stores.slug, logoUrl: stores.logoUrl })
    .from(publicRows(storeFace))
    .where(
      and(
        or(like(sql`lower(${stores.name})`, containsPattern(typed)), sql`lower(${stores.name}) % ${typed}`),
        storeHasLiveItems(),
      ),
    )
    .orderBy(
      desc(sql`lower(${stores.name}) = ${typed}`),
      desc(sql`similarity(lower(${stores.name}), ${typed})`),
      asc(stores.name),
      asc(stores.id),
    )
    .limit(limit + 1);
  return { stores: rows.slice(0, limit), hasMore: rows.length > limit };
}
