import { alias } from "drizzle-orm/pg-core";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { categories } from "#app/db/schema";

/** Admin list by name, with the parent's name ('Unknown' is the view's word for a missing parent). */
export async function listCategoriesForAdmin(db: Executor) {
  const parent = alias(categories, "parent");
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      parentId: categories.parentId,
      parentName: parent.name,
      createdAt: categories.createdAt,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .orderBy(asc(categories.name));
}

/** Category choices (id, name, parent) for selects. */
export async function categoryOptions(db: Executor) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.name));
}
