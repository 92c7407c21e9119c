import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { COUNT_CAP } from "#app/lib/counts";
import { categories, deals, stores } from "#app/db/schema";
import { publicRows } from "#app/modules/content-types/public-read.server";
import type { DealSort } from "./deal-filters";
import { dealType } from "./deal.type.server";
import { descNullsLast } from "#app/db/order-by";
import { fullTextMatch, searchCondition, typoTolerantQuery } from "./deal-search.server";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

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

/** Published deals before their end: what listings, embeds and click-outs offer (checked at query time). */
const liveDeals = () => publicRows(dealType, { live: true });

export type PublicDeal = Awaited<ReturnType<typeof listPublicDeals>>["deals"][number];

/** Deals in a category or in one of its direct subcategories. */
function categoryCondition(slug: string): SQL {
  return sql`${deals.categoryId} in (
    select ${categories.id} from ${categories}
    where ${categories.slug} = ${slug}
       or ${categories.parentId} = (select c.id from ${categories} c where c.slug = ${slug}))`;
}

/**
 * Every sort ends on the id, so pages never repeat or skip a deal when keys tie. Directions and NULLS
 * placement match the indexes (`deals_status_*_idx`), so a page is read off an index, not sorted.
 */
function orderFor(sort: DealSort) {
  const newest = descNullsLast(deals.createdAt);
  switch (sort) {
    case "price-low":
      return [asc(deals.currentPrice), asc(deals.id)];
    case "price-high":
      return [desc(deals.currentPrice), asc(deals.id)];
    case "discount":
      return [descNullsLast(deals.discountPercentage), newest, asc(deals.id)];
    case "popular":
      return [descNullsLast(deals.popularity), newest, asc(deals.id)];
    case "newest":
      return [newest, asc(deals.id)];
  }
}

/** A page of matching deals and their number, or COUNT_CAP + 1 when there are more than COUNT_CAP. */
export async function listPublicDeals(db: Executor, filters: PublicDealFilters) {
  const conditions: SQL[] = [];
  if (filters.store) conditions.push(eq(stores.slug, filters.store));
  if (filters.category) conditions.push(categoryCondition(filters.category));
  if (filters.ids) conditions.push(filters.ids.length ? inArray(deals.id, filters.ids) : sql`false`);
  const typoTolerant = filters.search ? await typoTolerantQuery(db, filters.search) : null;
  const where = and(...conditions, filters.search ? searchCondition(filters.search, typoTolerant) : undefined);

  const [rows, total] = await Promise.all([
    db
      .select(publicColumns)
      .from(liveDeals())
      .innerJoin(stores, eq(stores.id, deals.storeId))
      .where(where)
      .orderBy(...orderFor(filters.sort ?? "newest"))
      .limit(filters.limit)
      .offset(filters.offset ?? 0),
    countMatching(db, conditions, filters.search, typoTolerant),
  ]);
  return { deals: rows, total };
}

/**
 * How many deals match, up to COUNT_CAP + 1: an index walk of a thousand entries, never the whole table.
 * A search is counted on its words as typed first: a common word reaches the cap on that alone, and only
 * a rarer one is counted again with its near words.
 */
async function countMatching(db: Executor, conditions: SQL[], search: string | undefined, typoTolerant: string | null): Promise<number> {
  const count = async (where: SQL | undefined) => {
    const matching = db
      .select({ one: sql`1` })
      .from(liveDeals())
      .innerJoin(stores, eq(stores.id, deals.storeId))
      .where(where)
      .limit(COUNT_CAP + 1)
      .as("matching");
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
    return row?.n ?? 0;
  };
  if (!search) return count(and(...conditions));
  const fullText = await count(and(...conditions, fullTextMatch(search)));
  return fullText > COUNT_CAP || !typoTolerant ? fullText : count(and(...conditions, searchCondition(search, typoTolerant)));
}

/** Home page: featured first, then newest. */
export async function listHotDeals(db: Executor, limit: number) {
  return db
    .select(publicColumns)
    .from(liveDeals())
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .orderBy(descNullsLast(deals.featured), descNullsLast(deals.createdAt), asc(deals.id))
    .limit(limit);
}

/** Published deals by id (for guide tokens); anything else is simply absent. */
export async function findPublicDealsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(publicColumns).from(liveDeals()).innerJoin(stores, eq(stores.id, deals.storeId)).where(inArray(deals.id, ids));
}

/**
 * Published deal counts of the first `limit` top-level categories by name, counting their direct
 * subcategories in (home page tiles). Each is counted up to COUNT_CAP + 1 only, and kept until content
 * changes: four short index walks still take 12–16 ms at 100,000 deals.
 */
export const categoryDealCounts = keptUntilContentChanges(async (db: Executor, limit: number) => {
  const inCategory = db
    .select({ one: sql`1` })
    .from(liveDeals())
    .where(sql`${deals.categoryId} in (select m.id from ${categories} m where m.id = ${categories.id} or m.parent_id = ${categories.id})`)
    .limit(COUNT_CAP + 1)
    .as("in_category");
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      count: sql<number>`(select count(*) from ${inCategory})`.mapWith(Number),
    })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.name), asc(categories.id))
    .limit(limit);
});

/**
 * A deal's own page: any published deal, ended ones too (an ended deal keeps its address, marked expired,
 * with live alternatives), with its store and category.
 */
export async function findPublicDealBySlug(db: Executor, slug: string) {
  const [deal] = await db
    .select({
      ...publicColumns,
      longDescription: deals.longDescription,
      storeId: deals.storeId,
      categoryId: deals.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      expired: sql<boolean>`coalesce(${deals.expiresAt} < now(), false)`,
    })
    .from(publicRows(dealType))
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .leftJoin(categories, eq(categories.id, deals.categoryId))
    .where(eq(deals.slug, slug))
    .limit(1);
  return deal;
}

/**
 * Up to `limit` live deals like this one: the same store's newest first, then the same category's. Each
 * is read through its own index (a store or a category holds a small share of 100,000 deals).
 */
export async function listRelatedDeals(db: Executor, deal: { id: string; storeId: string; categoryId: string | null }, limit: number) {
  const alike = (condition: SQL) =>
    db
      .select(publicColumns)
      .from(liveDeals())
      .innerJoin(stores, eq(stores.id, deals.storeId))
      .where(and(condition, ne(deals.id, deal.id)))
      .orderBy(descNullsLast(deals.createdAt), asc(deals.id))
      .limit(limit);
  const [sameStore, sameCategory] = await Promise.all([alike(eq(deals.storeId, deal.storeId)), deal.categoryId ? alike(eq(deals.categoryId, deal.categoryId)) : []]);
  const seen = new Set<string>();
  return [...sameStore, ...sameCategory].filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit);
}
