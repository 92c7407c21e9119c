import { and, asc, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";

import { cappedCount, cappedIds } from "#app/db/capped-count";
import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { coupons, itemVoteTallies, stores } from "#app/db/schema";
import { containsPattern } from "#app/db/sql-text";
import { COUNT_CAP } from "#app/lib/counts";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { type TextSearch, textSearchMatch, textSearchOf } from "#app/modules/search/search-words.server";
import { manyUntilContentChanges } from "#app/platform/content-memo.server";

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

/** Searches that match more than COUNT_CAP live coupons, until content changes. */
const commonSearches = manyUntilContentChanges(500);

/** How many of the newest live coupons the site search looks through for titles with the search, when many match. */
const TITLE_WINDOW = 5_000;

/**
 * The site search's coupons, those with the search in their title first, then newest, and how many match,
 * up to COUNT_CAP + 1. The matches are read once through the trigram indexes, capped: up to COUNT_CAP are
 * ranked whole. More say the word is common (remembered until content changes, so the next visit skips the
 * read), so the newest title matches are met early on the date index:
 * its newest TITLE_WINDOW coupons are looked through, then the newest other matches fill the section.
 * Sorting every match of a common word took 37 ms at 200,000 coupons.
 */
export async function listMatchingCoupons(db: Executor, text: TextSearch, limit: number) {
  const matching = await commonSearches(db, text.search, () => cappedIds(db, matchingCoupons(db, text)));
  if (matching !== "many" && matching.length === 0) return { coupons: [], total: 0 };
  const pattern = containsPattern(text.search);
  if (matching !== "many" && matching.length <= COUNT_CAP) {
    const titleFirst = desc(ilike(coupons.title, pattern));
    const best = await bestCouponCards(db, inArray(coupons.id, matching), [titleFirst], limit);
    return { coupons: best, total: matching.length };
  }
  const recent = db
    .select({ id: coupons.id, title: coupons.title, createdAt: coupons.createdAt })
    .from(publicCoupons(true))
    .orderBy(descNullsLast(coupons.createdAt), asc(coupons.id))
    .limit(TITLE_WINDOW)
    .as("recent");
  const recentTitleMatches = db
    .select({ id: recent.id })
    .from(recent)
    .where(ilike(recent.title, pattern))
    .orderBy(descNullsLast(recent.createdAt), asc(recent.id))
    .limit(limit);
  const first = await bestCouponCards(db, inArray(coupons.id, recentTitleMatches), [], limit);
  const rest =
    first.length < limit
      ? await bestCouponCards(
          db,
          and(
            couponSearchCondition(text),
            notInArray(
              coupons.id,
              first.map(({ id }) => id),
            ),
          ),
          [],
          limit - first.length,
        )
      : [];
  return { coupons: [...first, ...rest], total: COUNT_CAP + 1 };
}

/** The live coupons a search matches. */
const matchingCoupons = (db: Executor, text: TextSearch) =>
  db.select({ id: coupons.id }).from(publicCoupons(true)).where(couponSearchCondition(text));

/**
 * The first `limit` live coupons of a condition, newest first after `rank`, as cards: they are ordered and
 * cut before their stores and votes are read.
 */
function bestCouponCards(db: Executor, where: SQL | undefined, rank: SQL[], limit: number) {
  const order = [...rank, descNullsLast(coupons.createdAt), asc(coupons.id)];
  const best = db
    .select({ id: coupons.id })
    .from(publicCoupons(true))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return couponCards(db, true)
    .where(inArray(coupons.id, best))
    .orderBy(...order);
}

/** How many live coupons match a search, up to COUNT_CAP + 1 (Deal Dashes points to them when no deal matches). */
export async function countMatchingCoupons(db: Executor, text: TextSearch): Promise<number> {
  return cappedCount(db, matchingCoupons(db, text));
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
