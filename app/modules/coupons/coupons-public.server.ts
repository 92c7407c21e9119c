import { and, asc, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { coupons, stores } from "#app/db/schema";

/** The public row filter: only published coupons exist for the public. */
export const publicCoupon = eq(coupons.status, "published");

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
  urlType: coupons.urlType,
  customUrl: coupons.customUrl,
  affiliateUrl: coupons.affiliateUrl,
  featured: coupons.featured,
  createdAt: coupons.createdAt,
  storeName: stores.name,
  storeSlug: stores.slug,
};

export type PublicCoupon = Awaited<ReturnType<typeof listPublicCoupons>>["coupons"][number];

const notExpired = () => or(isNull(coupons.validUntil), gte(coupons.validUntil, sql`now()`))!;

export interface PublicCouponFilters {
  search?: string;
  store?: string;
  showExpired?: boolean;
  limit: number;
  offset?: number;
}

/** Spec §5: search matches title and description without case; the store matches by name without case. */
export async function listPublicCoupons(db: Executor, filters: PublicCouponFilters) {
  const conditions: SQL[] = [publicCoupon];
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(coupons.title, pattern), ilike(coupons.description, pattern))!);
  }
  if (filters.store) conditions.push(sql`lower(${stores.name}) = lower(${filters.store})`);
  if (!filters.showExpired) conditions.push(notExpired());
  const where = and(...conditions);
  const [rows, [total], [published]] = await Promise.all([
    db
      .select(publicColumns)
      .from(coupons)
      .innerJoin(stores, eq(stores.id, coupons.storeId))
      .where(where)
      .orderBy(desc(coupons.createdAt), asc(coupons.id))
      .limit(filters.limit)
      .offset(filters.offset ?? 0),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(coupons).innerJoin(stores, eq(stores.id, coupons.storeId)).where(where),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(coupons).where(publicCoupon),
  ]);
  return { coupons: rows, total: total?.n ?? 0, anyPublished: (published?.n ?? 0) > 0 };
}

/** Home page: unexpired published coupons, featured first. */
export async function listTrendingCoupons(db: Executor, limit: number) {
  return db
    .select(publicColumns)
    .from(coupons)
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .where(and(publicCoupon, notExpired()))
    .orderBy(desc(coupons.featured), desc(coupons.createdAt), asc(coupons.id))
    .limit(limit);
}

export async function findPublicCouponsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(publicColumns)
    .from(coupons)
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .where(and(publicCoupon, inArray(coupons.id, ids)));
}

/** Spec §7: affiliate_url, then custom_url when the URL type is manual, else the store's own site. */
export function couponTargetUrl(coupon: { affiliateUrl: string | null; urlType: "automatic" | "manual"; customUrl: string | null; storeSlug: string }): string {
  if (coupon.affiliateUrl) return coupon.affiliateUrl;
  if (coupon.urlType === "manual" && coupon.customUrl) return coupon.customUrl;
  return `https://www.${coupon.storeSlug}.com/`;
}

/** The code of a published, unexpired coupon (asked for by 'Show Code'), or null. */
export async function revealCouponCode(db: Executor, id: string): Promise<{ code: string | null } | null> {
  const [row] = await db
    .select({ code: coupons.couponCode })
    .from(coupons)
    .where(and(publicCoupon, notExpired(), eq(coupons.id, id)))
    .limit(1);
  return row ? { code: row.code } : null;
}

/** Where a coupon's click-out goes: published coupons only. */
export async function findCouponClickTarget(db: Executor, id: string) {
  const [row] = await db
    .select({ id: coupons.id, affiliateUrl: coupons.affiliateUrl, urlType: coupons.urlType, customUrl: coupons.customUrl, storeSlug: stores.slug })
    .from(coupons)
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .where(and(publicCoupon, eq(coupons.id, id)))
    .limit(1);
  return row ? { id: row.id, url: couponTargetUrl(row), trackClicks: true } : null;
}
