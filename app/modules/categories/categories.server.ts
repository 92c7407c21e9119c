import { alias } from "drizzle-orm/pg-core";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { buyingGuides, categories, deals } from "#app/db/schema";
import { resolveSlug } from "#app/lib/validation";
import { deleteWithAudit, removeById, describeCounts, FieldErrors, saveWithAudit, type Actor } from "#app/modules/resource/mutations.server";
import { CATEGORY_CYCLE, type CategoryInput } from "./category.schema";
import { selfAndDescendants } from "./category-tree";

const ENTITY = "category";

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

export async function getCategoryForAdmin(db: Executor, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

function values(input: CategoryInput) {
  return {
    name: input.name,
    slug: resolveSlug(input.slug, input.name),
    description: input.description ?? null,
    parentId: input.parentId ?? null,
  };
}

export function createCategory(db: Database, actor: Actor, input: CategoryInput) {
  return saveWithAudit(db, { actor, action: "create", entity: ENTITY, title: input.name }, async (tx) => {
    const [row] = await tx.insert(categories).values(values(input)).returning();
    return row;
  });
}

export function updateCategory(db: Database, actor: Actor, id: string, input: CategoryInput) {
  return saveWithAudit(db, { actor, action: "update", entity: ENTITY, title: input.name }, async (tx) => {
    if (input.parentId) {
      // Serialise parent changes so two concurrent moves cannot build a cycle between them.
      await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
      const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
      if (selfAndDescendants(id, all).has(input.parentId)) throw new FieldErrors({ parentId: [CATEGORY_CYCLE] });
    }
    const [row] = await tx.update(categories).set(values(input)).where(eq(categories.id, id)).returning();
    return row;
  });
}

export async function categoryDependents(db: Executor, id: string): Promise<string | null> {
  const [[children], [dealCount], [guideCount]] = await Promise.all([
    db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
    db.select({ n: count() }).from(deals).where(eq(deals.categoryId, id)),
    db.select({ n: count() }).from(buyingGuides).where(eq(buyingGuides.categoryId, id)),
  ]);
  const used = describeCounts([
    [children?.n ?? 0, "subcategory", "subcategories"],
    [dealCount?.n ?? 0, "deal", "deals"],
    [guideCount?.n ?? 0, "buying guide", "buying guides"],
  ]);
  return used ? `This category still has ${used}. Move or delete them first.` : null;
}

export function deleteCategory(db: Database, actor: Actor, id: string) {
  return deleteWithAudit(db, { actor, entity: ENTITY }, removeById(categories, categories.name, id), () => categoryDependents(db, id));
}
