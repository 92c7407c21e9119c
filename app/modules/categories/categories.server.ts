import { asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { categories, deals } from "#app/db/schema";
import { withChosenOption } from "#app/lib/listing-filters";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { dealFace } from "#app/modules/deals/deal.face";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

const choiceColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  parentId: categories.parentId,
};

/** Top-level categories, A–Z (a top-level category's deals include its subcategories'). */
export async function topLevelCategories(db: Executor) {
  return db.select(choiceColumns).from(categories).where(isNull(categories.parentId)).orderBy(asc(categories.name));
}

const keptTopLevelCategories = keptUntilContentChanges(topLevelCategories);

/**
 * The Deal Dashes category filter: the top-level categories (kept until content changes) plus the chosen
 * one when it is a subcategory, A–Z. Bounded by the top level, not by all 200 categories of a big catalogue.
 */
export async function categoryFilterOptions(db: Executor, chosenSlug?: string) {
  const [top, chosen] = await Promise.all([
    keptTopLevelCategories(db),
    chosenSlug
      ? db.select(choiceColumns).from(categories).where(eq(categories.slug, chosenSlug)).limit(1)
      : Promise.resolve([]),
  ]);
  return withChosenOption(top, chosen);
}

/** A category page, with its parent and its subcategories (A–Z), or undefined. Every category is public. */
export async function findPublicCategoryBySlug(db: Executor, slug: string) {
  const parent = alias(categories, "parent");
  const [category] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      parentName: parent.name,
      parentSlug: parent.slug,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!category) return undefined;
  const children = await db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.parentId, category.id))
    .orderBy(asc(categories.name));
  const { parentName, parentSlug, ...own } = category;
  return { ...own, parent: parentName && parentSlug ? { name: parentName, slug: parentSlug } : null, children };
}

/** A category's page belongs in the sitemap while it or one of its subcategories has a live deal. */
export function categoryHasLiveDeals(): SQL {
  // Two semi-joins, each served by the deals' category index: one `in (self or children)` condition was
  // read as a scan of every deal per category (1.2 s for the sitemap's 200 categories, 21 ms this way).
  const live = () => publicRows(dealFace, { live: true });
  const own = sql`select 1 from ${live()} where ${eq(deals.categoryId, categories.id)}`;
  const children = sql`select 1 from ${live()} join ${categories} child on child.id = ${deals.categoryId} where child.parent_id = ${categories.id}`;
  return sql`(exists (${own}) or exists (${children}))`;
}
