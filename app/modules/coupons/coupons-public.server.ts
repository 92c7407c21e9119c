import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";

import { cappedCount } from "#app/db/capped-count";
import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { coupons, itemVoteTallies, stores } from "#app/db/schema";
import { containsPattern } from "#app/db/sql-text";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { type TextSearch, textSearchMatch, textSearchOf } from "#app/modules/search/search-words.server";

import { couponFace } from "./coupon.face";
import { couponTargetUrl } from "./coupon-target";

/** Published coupons; `live` leaves out the expired ones (see public-read.server.ts). */
const publicCoupons = (live: boolean) => publicRows(couponFace, { live });

// The code is not among these columns: it reaches the page only when a shopper asks (revealCouponCode).
const publicColumns = {
  id: coupons.id,
  title: coupons.title,
  description: coupons.description,
  hasCode: sql<boolean>`${coupons.couponCode} is not null`,
  discountType: coupons.discountType,
  discountValue: coupons.discountValue,
  validUntil: coupons.validUntil,
  terms: coupons.terms,
  targetUrl: couponTargetUrl,
  featured: coupons.featured,
  createdAt: coupons.createdAt,
  storeName: stores.name,
  storeSlug: stores.slug,
  verifiedAt: coupons.verifiedAt,
  lastWorkedAt: itemVoteTallies.lastWorkedAt,
  worked: sql<number>`coalesce(${itemVoteTallies.worked}, 0)`.mapWith(Number),
  failed: sql<number>`coalesce(${itemVoteTallies.failed}, 0)`.mapWith(Number),
};

/** Coupons as cards show them: with the store's name and shoppers' votes. */
const couponCards = (db: Executor, live: boolean) =>
  db
    .select(publicColumns)
    .from(publicCoupons(live))
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .leftJoin(itemVoteTallies, and(eq(itemVoteTallies.kind, "coupon"), eq(itemVoteTallies.itemId, coupons.id)));

export type PublicCoupon = Awaited<ReturnType<typeof findPublicCouponsByIds>>[number];

export interface PublicCouponFilters {
  search?: string;
  store?: string;
  showExpired?: boolean;
  limit: number;
  offset?: number;
}

/**
 * A coupon matches when its title or description contains the search (any case), or its words match with a
 * typo forgiven (search-words.server.ts).
 */
function couponSearchCondition(text: TextSearch): SQL {
  const pattern = containsPattern(text.search);
  return or(
    ilike(coupons.title, pattern),
    ilike(coupons.description, pattern),
    text.widened ? textSearchMatch(coupons.searchVector, text) : undefined,
  )!;
}

/** The store matches by name without case. */
export async function listPublicCoupons(db: Executor, filters: PublicCouponFilters) {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(couponSearchCondition(await textSearchOf(db, filters.search)));
  if (filters.store) conditions.push(sql`lower(${stores.name}) = lower(${filters.store})`);
  const where = and(...conditions);
  // One row past the page says whether there is more; nothing counts the table.
  const [rows, published] = await Promise.all([
    couponCards(db, !filters.showExpired)
      .where(where)
      .orderBy(descNullsLast(coupons.createdAt), asc(coupons.id))
      .limit(filters.limit + 1)
      .offset(filters.offset ?? 0),
    db
      .select({ one: sql`1` })
      .from(publicCoupons(false))
      .limit(1),
  ]);
  return {
    coupons: rows.slice(0, filters.limit),
    hasMore: rows.length > filters.limit,
    anyPublished: published.length > 0,
  };
}

/**
 * The site search's coupons (live ones, those with the search in their title first, then newest) and how
 * many match, up to COUNT_CAP + 1.
 */
export async function listMatchingCoupons(db: Executor, text: TextSearch, limit: number) {
  const where = couponSearchCondition(text);
  const [rows, total] = await Promise.all([
    couponCards(db, true)
      .where(where)
      .orderBy(
        desc(ilike(coupons.title, containsPattern(text.search))),
        descNullsLast(coupons.createdAt),
        asc(coupons.id),
      )
      .limit(limit),
    countMatchingCoupons(db, text),
  ]);
  return { coupons: rows, total };
}

/** How many live coupons match a search, up to COUNT_CAP + 1 (Deal Dashes points to them when no deal matches). */
export async function countMatchingCoupons(db: Executor, text: TextSearch): Promise<number> {
  return cappedCount(
    db,
    db
      .select({ one: sql`1` })
      .from(publicCoupons(true))
      .where(couponSearchCondition(text)),
  );
}

/**
 * A store page's coupons: its live ones (featured first, then newest) or its expired ones (latest to end
 * first), read through the coupons' store index.
 */
export async function listStoreCoupons(
  db: Executor,
  storeId: string,
  options: { state: "live" | "expired"; limit: number },
) {
  const live = options.state === "live";
  return couponCards(db, live)
    .where(and(eq(coupons.storeId, storeId), live ? undefined : sql`${coupons.validUntil} < now()`))
    .orderBy(
      ...(live
        ? [descNullsLast(coupons.featured), descNullsLast(coupons.createdAt)]
        : [descNullsLast(coupons.validUntil)]),
      asc(coupons.id),
    )
    .limit(options.limit);
}

/** Home page: live coupons, featured first. */
export async function listTrendingCoupons(db: Executor, limit: number) {
  return couponCards(db, true)
    .orderBy(descNullsLast(coupons.featured), descNullsLast(coupons.createdAt), asc(coupons.id))
    .limit(limit);
}

/** Live coupons by id (guide tokens): an expired one drops out of a guide as it does out of listings. */
export async function findPublicCouponsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return couponCards(db, true).where(inArray(coupons.id, ids));
}

/** The code of a live coupon (asked for by 'Show Code') and its store, or null. */
export async function revealCouponCode(
  db: Executor,
  id: string,
): Promise<{ code: string | null; storeId: string } | null> {
  const [row] = await db
    .select({ code: coupons.couponCode, storeId: coupons.storeId })
    .from(publicCoupons(true))
    .where(eq(coupons.id, id))
    .limit(1);
  return row ?? null;
}
