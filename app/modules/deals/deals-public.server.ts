import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "#app/db/client.server";
import { categories, clicks, deals, stores } from "#app/db/schema";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { dealType } from "./deal.type.server";

export const DEAL_SORTS = ["newest", "price-low", "price-high", "discount", "popular"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

export interface PublicDealFilters {
  search?: string;
  store?: string;
  category?: string;
  sort?: DealSort;
  ids?: string[];
  offset?: number;
  limit: number;
}

const publicColumns = {
  id: deals.id,
  title: deals.title,
  slug: deals.slug,
  shortDescription: deals.shortDescription,
  imageUrl: deals.imageUrl,
  currentPrice: deals.currentPrice,
  originalPrice: deals.originalPrice,
  discountPercentage: deals.discountPercentage,
  rating: deals.rating,
  reviewCount: deals.reviewCount,
  expiresAt: deals.expiresAt,
  isHot: deals.isHot,
  featured: deals.featured,
  affiliateUrl: deals.affiliateUrl,
  amazonAsin: deals.amazonAsin,
  priceUpdatedAt: deals.priceUpdatedAt,
  createdAt: deals.createdAt,
  storeName: stores.name,
  storeSlug: stores.slug,
};

export type PublicDeal = Awaited<ReturnType<typeof listPublicDeals>>["deals"][number];

/**
 * Full-text search over title and descriptions, forgiving one typo or so through trigram similarity
 * on the title (pg_trgm).
 */
function searchCondition(search: string): SQL {
  return or(
    sql`${deals.searchVector} @@ websearch_to_tsquery('english', ${search})`,
    sql`word_similarity(${search}, ${deals.title}) >= 0.5`,
  )!;
}

/** Deals in a category or in one of its direct subcategories. */
function categoryCondition(slug: string): SQL {
  return sql`${deals.categoryId} in (
    select ${categories.id} from ${categories}
    where ${categories.slug} = ${slug}
       or ${categories.parentId} = (select c.id from ${categories} c where c.slug = ${slug}))`;
}

const recentClicks = sql<number>`(
  select count(*) from ${clicks}
  where ${clicks.kind} = 'deal' and ${clicks.itemId} = ${deals.id} and ${clicks.createdAt} > now() - interval '30 days'
)`;

/** Every sort ends on the id, so pages never repeat or skip a deal when keys tie. */
function orderFor(sort: DealSort) {
  switch (sort) {
    case "price-low":
      return [asc(deals.currentPrice), asc(deals.id)];
    case "price-high":
      return [desc(deals.currentPrice), asc(deals.id)];
    case "discount":
      return [sql`${deals.discountPercentage} desc nulls last`, desc(deals.createdAt), asc(deals.id)];
    case "popular":
      return [desc(recentClicks), desc(deals.createdAt), asc(deals.id)];
    case "newest":
      return [desc(deals.createdAt), asc(deals.id)];
  }
}

export async function listPublicDeals(db: Executor, filters: PublicDealFilters) {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.store) conditions.push(eq(stores.slug, filters.store));
  if (filters.category) conditions.push(categoryCondition(filters.category));
  if (filters.ids) conditions.push(filters.ids.length ? inArray(deals.id, filters.ids) : sql`false`);
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    db
      .select(publicColumns)
      .from(publicRows(dealType))
      .innerJoin(stores, eq(stores.id, deals.storeId))
      .where(where)
      .orderBy(...orderFor(filters.sort ?? "newest"))
      .limit(filters.limit)
      .offset(filters.offset ?? 0),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(publicRows(dealType)).innerJoin(stores, eq(stores.id, deals.storeId)).where(where),
  ]);
  return { deals: rows, total: total?.n ?? 0 };
}

/** Home page: featured first, then newest. */
export async function listHotDeals(db: Executor, limit: number) {
  return db
    .select(publicColumns)
    .from(publicRows(dealType))
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .orderBy(desc(deals.featured), desc(deals.createdAt), asc(deals.id))
    .limit(limit);
}

/** Published deals by id (for guide tokens); anything else is simply absent. */
export async function findPublicDealsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(publicColumns).from(publicRows(dealType)).innerJoin(stores, eq(stores.id, deals.storeId)).where(inArray(deals.id, ids));
}

/** Stores that have published deals, for the Deal Dashes store filter. */
export async function storesWithPublicDeals(db: Executor) {
  return db
    .selectDistinct({ slug: stores.slug, name: stores.name })
    .from(stores)
    .innerJoin(publicRows(dealType), eq(deals.storeId, stores.id))
    .orderBy(asc(stores.name));
}

/** Published deal counts per top-level category, counting its subcategories in (home page tiles). */
export async function categoryDealCounts(db: Executor) {
  const member = alias(categories, "member");
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      count: sql<number>`count(${deals.id})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(member, or(eq(member.id, categories.id), eq(member.parentId, categories.id)))
    .leftJoin(publicRows(dealType), eq(deals.categoryId, member.id))
    .where(isNull(categories.parentId))
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
}
