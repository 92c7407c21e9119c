import { and, asc, desc, eq, inArray, isNull, ne, type Placeholder, type SQL, sql, type Subquery } from "drizzle-orm";
import { type AnyPgColumn, unionAll } from "drizzle-orm/pg-core";

import { cappedCount, cappedIds } from "#app/db/capped-count";
import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { preparedPer } from "#app/db/prepared.server";
import { categories, deals, stores } from "#app/db/schema";
import { COUNT_CAP } from "#app/lib/counts";
import { categoryFace } from "#app/modules/categories/category.face";
import { publicRows } from "#app/modules/content-types/public-read.server";
import {
  fullTextMatch,
  type TextSearch,
  textSearchMatch,
  textSearchOf,
  textSearchRank,
} from "#app/modules/search/search-words.server";
import { keptUntilContentChanges, manyUntilContentChanges } from "#app/platform/content-memo.server";

import { dealFace } from "./deal.face";
import type { DealSort } from "./deal-filters";

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
  referencePriceKind: deals.referencePriceKind,
  priorLowestPrice: deals.priorLowestPrice,
  rating: deals.rating,
  reviewCount: deals.reviewCount,
  expiresAt: deals.expiresAt,
  isHot: deals.isHot,
  featured: deals.featured,
  affiliateUrl: deals.affiliateUrl,
  amazonAsin: deals.amazonAsin,
  priceUpdatedAt: deals.priceUpdatedAt,
  amazonInStock: deals.amazonInStock,
  createdAt: deals.createdAt,
  storeName: stores.name,
  storeSlug: stores.slug,
};

/** Published deals before their end: what listings, embeds and click-outs offer (checked at query time). */
const liveDeals = () => publicRows(dealFace, { live: true });

export type PublicDeal = Awaited<ReturnType<typeof listPublicDeals>>["deals"][number];

/** A category's id and its direct subcategories' ids, as an array (see `categoryCondition`). */
const categoryIds = (slug: string) => sql`array(
    select ${categories.id} from ${categories}
    where ${categories.slug} = ${slug}
       or ${categories.parentId} = (select c.id from ${categories} c where c.slug = ${slug}))`;

/**
 * Deals in a category or in one of its direct subcategories. The ids are an array so the planner reads
 * `deals_category_created_idx` for them: given `in (select …)` it expected a third of the table and counted a
 * top-level category's deals by scanning it (21 ms at 100,000 deals; 6 ms this way). Their count is read in
 * that index's order too (`countOrder`): unordered, the planner still guessed the array's share of the table
 * and scanned it for a small subcategory's thousand (80 ms at 1,000,000 deals; 5 ms in order).
 */
const categoryCondition = (slug: string): SQL => sql`${deals.categoryId} = any(${categoryIds(slug)})`;

/** One store's deals, by its slug: a condition on the deal's own column, so reading ids needs no join. */
const storeCondition = (slug: string): SQL =>
  eq(deals.storeId, sql`(select ${stores.id} from ${stores} where ${stores.slug} = ${slug})`);

/**
 * The newest `count` deals meeting `others` of each of a category's own categories: a short walk of
 * `deals_category_created_idx` for each, where one walk of the site's newest deals passed thousands of
 * others to find a small subcategory's first page (12 ms at 1,000,000 deals; under 1 ms this way).
 */
function newestOfEachCategory(db: Executor, slug: string, others: SQL | undefined, count: number): SQL {
  const newest = db
    .select({ id: deals.id })
    .from(liveDeals())
    .where(and(others, sql`${deals.categoryId} = own.id`))
    .orderBy(...orderFor("newest"))
    .limit(count);
  return sql`${deals.id} in (select newest.id from unnest(${categoryIds(slug)}) as own(id) cross join lateral (${newest}) newest)`;
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

/** The order a filter's capped count reads its matches in: the order of the index that finds them. */
const countOrder = (filters: PublicDealFilters) =>
  filters.category ? [asc(deals.categoryId), descNullsLast(deals.createdAt), asc(deals.id)] : [];

/** A page of matching deals and their number, or COUNT_CAP + 1 when there are more than COUNT_CAP. */
export async function listPublicDeals(db: Executor, filters: PublicDealFilters) {
  const others: SQL[] = [];
  if (filters.store) others.push(storeCondition(filters.store));
  if (filters.ids) others.push(filters.ids.length ? inArray(deals.id, filters.ids) : sql`false`);
  const conditions = filters.category ? [...others, categoryCondition(filters.category)] : others;
  const sort = filters.sort ?? "newest";
  const page = (where: SQL | undefined) =>
    db
      .select(publicColumns)
      .from(liveDeals())
      .innerJoin(stores, eq(stores.id, deals.storeId))
      .where(where)
      .orderBy(...orderFor(sort))
      .limit(filters.limit)
      .offset(filters.offset ?? 0);
  if (!filters.search) {
    const pageWhere =
      filters.category && sort === "newest"
        ? and(
            ...others,
            newestOfEachCategory(db, filters.category, and(...others), (filters.offset ?? 0) + filters.limit),
          )
        : and(...conditions);
    const [rows, total] = await Promise.all([
      page(pageWhere),
      cappedCount(db, matchingIds(db, and(...conditions), countOrder(filters))),
    ]);
    return { deals: rows, total };
  }
  const text = await textSearchOf(db, filters.search);
  // Saved deals (`ids`) are a visitor's own: only the shared filters' searches are worth remembering.
  const scope = filters.ids ? null : JSON.stringify([filters.store ?? null, filters.category ?? null]);
  const matched = await searchMatches(db, conditions, text, scope);
  if (matched.few?.length === 0) return { deals: [], total: 0 };
  return {
    deals: await page(matched.few ? inArray(deals.id, matched.few) : matched.where),
    total: matched.few?.length ?? COUNT_CAP + 1,
  };
}

const matchingIds = (db: Executor, where: SQL | undefined, order: SQL[] = []) =>
  db
    .select({ id: deals.id })
    .from(liveDeals())
    .where(where)
    .orderBy(...order)
    .limit(COUNT_CAP + 1);

/** Searches (with their store and category) that match more than COUNT_CAP live deals, until content changes. */
const commonSearches = manyUntilContentChanges(500);

/**
 * What a search matches: the ids themselves when there are at most COUNT_CAP (`few`), read through the
 * full-text index, else the condition, for pages read off a sort index (many matches are met early on it).
 * PostgreSQL cannot tell a rare word from a common one and walked the sort index past every deal for a
 * word few or none have (130 ms at 100,000 deals). The words as typed are tried first: a common word
 * reaches the cap on that alone (and is remembered as common under `scope`, the other conditions' key,
 * when there is one), and only a rarer one is tried again with its near words.
 */
async function searchMatches(
  db: Executor,
  conditions: SQL[],
  text: TextSearch,
  scope: string | null,
): Promise<{ few: string[] | null; where: SQL | undefined }> {
  const ids = (where: SQL | undefined) => () => cappedIds(db, matchingIds(db, where));
  const read = (key: string, readIds: () => Promise<string[]>) =>
    scope === null ? readIds() : commonSearches(db, `${scope}${key}`, readIds);
  const exact = await read(`=${text.search}`, ids(and(...conditions, fullTextMatch(deals.searchVector, text.search))));
  const where = and(...conditions, textSearchMatch(deals.searchVector, text));
  if (exact === "many" || exact.length > COUNT_CAP) return { few: null, where };
  if (!text.widened) return { few: exact, where };
  const widened = await read(`~${text.search}`, ids(where));
  return { few: widened === "many" || widened.length > COUNT_CAP ? null : widened, where };
}

type ScoredCandidates = Subquery & {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  score: SQL.Aliased<number>;
};

/**
 * The `limit` best scored of a subquery's deals (picked and scored by id), newest first among equals, as
 * public cards with their score. They are ordered and cut before the cards are read: a few deal and store
 * rows, not one per candidate.
 */
function bestCardsOf(db: Executor, candidates: ScoredCandidates, limit: number | Placeholder) {
  const best = db
    .select({ id: candidates.id, createdAt: candidates.createdAt, score: candidates.score })
    .from(candidates)
    .orderBy(desc(candidates.score), descNullsLast(candidates.createdAt), asc(candidates.id))
    .limit(limit)
    .as("best");
  return db
    .select({ ...publicColumns, score: sql<number>`${best.score}`.as("score") })
    .from(best)
    .innerJoin(deals, eq(deals.id, best.id))
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .orderBy(desc(best.score), descNullsLast(best.createdAt), asc(best.id));
}

/** How many of the newest matches the site search ranks when more than COUNT_CAP deals match. */
const RANKED_AMONG = 100;

/**
 * The site search's deals: the best ranked of the matches (of the newest RANKED_AMONG when more than
 * COUNT_CAP match: reading and ranking every match of a common word would cost more than it finds),
 * and how many match.
 */
export async function listBestMatchingDeals(db: Executor, text: TextSearch, limit: number) {
  const matched = await searchMatches(db, [], text, JSON.stringify([null, null]));
  if (matched.few?.length === 0) return { deals: [], total: 0 };
  const candidates = db
    .select({ id: deals.id, createdAt: deals.createdAt, score: textSearchRank(deals.searchVector, text).as("score") })
    .from(liveDeals())
    .where(matched.few ? inArray(deals.id, matched.few) : matched.where)
    .orderBy(descNullsLast(deals.createdAt), asc(deals.id))
    .limit(matched.few ? COUNT_CAP : RANKED_AMONG)
    .as("candidates");
  const rows = await bestCardsOf(db, candidates, limit);
  return { deals: rows.map(({ score: _score, ...card }) => card), total: matched.few?.length ?? COUNT_CAP + 1 };
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
  return db
    .select(publicColumns)
    .from(liveDeals())
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .where(inArray(deals.id, ids));
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
    .where(
      sql`${deals.categoryId} in (select m.id from ${categories} m where m.id = ${categories.id} or m.parent_id = ${categories.id})`,
    )
    .limit(COUNT_CAP + 1)
    .as("in_category");
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      count: sql<number>`(select count(*) from ${inCategory})`.mapWith(Number),
    })
    .from(publicRows(categoryFace))
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.name), asc(categories.id))
    .limit(limit);
});

/**
 * A deal's own page: any published deal, ended ones too (an ended deal keeps its address, marked expired,
 * with live alternatives), with its store and category; with `previewOf`, the deal a valid preview link
 * shows, by its id, whatever its state.
 */
export async function findPublicDealBySlug(db: Executor, slug: string, options: { previewOf?: string } = {}) {
  const [deal] = options.previewOf
    ? await dealPage(db, publicRows(dealFace, options), eq(deals.id, options.previewOf))
    : await dealBySlug(db).execute({ slug });
  return deal;
}

const dealPage = (db: Executor, from: typeof deals, where: SQL) =>
  db
    .select({
      ...publicColumns,
      longDescription: deals.longDescription,
      storeId: deals.storeId,
      categoryId: deals.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      expired: sql<boolean>`coalesce(${deals.expiresAt} < now(), false)`,
    })
    .from(from)
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .leftJoin(categories, eq(categories.id, deals.categoryId))
    .where(where)
    .limit(1);

const dealBySlug = preparedPer((db) =>
  dealPage(db, publicRows(dealFace), eq(deals.slug, sql.placeholder("slug"))).prepare("public_deal_by_slug"),
);

/** How many of a category's newest live deals are weighed for likeness to a deal (bounded, read in order off `deals_category_created_idx`). */
const ALIKE_CANDIDATES = 100;

/**
 * Up to `limit` live deals like this one: the same category's first, the titles most alike (pg_trgm's
 * similarity, among its newest hundred) leading, then the same store's newest. A drone's page offers
 * drones, not a car seat from the same shop. One statement: on the embedded database each costs a turn.
 */
export async function listRelatedDeals(
  db: Executor,
  deal: { id: string; title: string; storeId: string; categoryId: string | null },
  limit: number,
) {
  const { id, title, storeId, categoryId } = deal;
  const rows = categoryId
    ? await alikeThenSameStore(db).execute({ id, title, storeId, categoryId, limit })
    : await sameStoreOnly(db).execute({ id, storeId, limit });
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, limit)
    .map(({ score: _score, ...card }) => card);
}

/** Live deals other than the one given (placeholder `id`) that meet `condition`. */
const liveOthers = (condition: SQL) => and(condition, ne(deals.id, sql.placeholder("id")));

/** The store's newest live deals, scored below any likeness (0 to 1) so that they follow the category's. */
const sameStore = (db: Executor) =>
  db
    .select({ ...publicColumns, score: sql<number>`-1`.as("score") })
    .from(liveDeals())
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .where(liveOthers(eq(deals.storeId, sql.placeholder("storeId"))))
    .orderBy(descNullsLast(deals.createdAt), asc(deals.id))
    .limit(sql.placeholder("limit"));

const sameStoreOnly = preparedPer((db) => sameStore(db).prepare("related_deals_in_store"));

const alikeThenSameStore = preparedPer((db) => {
  // The category's newest live deals, scored by their titles' likeness to this one's.
  const candidates = db
    .select({
      id: deals.id,
      createdAt: deals.createdAt,
      score: sql<number>`similarity(${deals.title}, ${sql.placeholder("title")})`.as("score"),
    })
    .from(liveDeals())
    .where(liveOthers(eq(deals.categoryId, sql.placeholder("categoryId"))))
    .orderBy(descNullsLast(deals.createdAt), asc(deals.id))
    .limit(ALIKE_CANDIDATES)
    .as("candidates");
  return unionAll(bestCardsOf(db, candidates, sql.placeholder("limit")), sameStore(db))
    .orderBy(sql`"score" desc, "created_at" desc nulls last, "id"`)
    .prepare("related_deals");
});
