import { asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { categories } from "#app/db/schema";
import { withChosenOption } from "#app/lib/listing-filters";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

const choiceColumns = { id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId };

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
    chosenSlug ? db.select(choiceColumns).from(categories).where(eq(categories.slug, chosenSlug)).limit(1) : Promise.resolve([]),
  ]);
  return withChosenOption(top, chosen);
}
