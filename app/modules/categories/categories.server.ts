import { asc } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { categories } from "#app/db/schema";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

/** Category choices (id, name, parent) for selects. */
export async function categoryOptions(db: Executor) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.name));
}

/** categoryOptions, kept until content changes (the Deal Dashes filter reads it on every render). */
export const keptCategoryOptions = keptUntilContentChanges(categoryOptions);
