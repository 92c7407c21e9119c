import { describe, expect, it } from "vitest";
import { actor, auditTrail, insertActor, insertStore, messagesFor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { categories, deals } from "#app/db/schema";
import { categorySchema } from "./category.schema";
import { createCategory, deleteCategory, getCategoryForAdmin, listCategoriesForAdmin, updateCategory } from "./categories.server";
import { selfAndDescendants } from "./category-tree";

const database = testDatabasePerFile((t) => insertActor(t.db));

const input = (overrides: Record<string, unknown> = {}) => categorySchema.parse({ name: "Electronics", ...overrides });

async function create(name: string, parentId?: string) {
  const result = await createCategory(database().db, actor, input({ name, parentId }));
  if (!result.ok) throw new Error(`could not create ${name}`);
  return result.row;
}

describe("category validation", () => {
  it("uses the spec's messages", () => {
    expect(messagesFor(categorySchema, {})).toMatchObject({ name: ["Category name is required"] });
    expect(messagesFor(categorySchema, { name: "X", parentId: "not-an-id" })).toHaveProperty("parentId");
  });
});

describe("categories", () => {
  it("creates, lists by name with the parent's name, updates and deletes, all audited", async () => {
    const home = await create("Home & Garden");
    const kitchen = await create("Kitchen", home.id);
    expect(kitchen).toMatchObject({ slug: "kitchen", description: null, parentId: home.id });
    expect((await listCategoriesForAdmin(database().db)).map((c) => [c.name, c.parentName])).toEqual([
      ["Home & Garden", null],
      ["Kitchen", "Home & Garden"],
    ]);
    expect(await updateCategory(database().db, actor, kitchen.id, input({ name: "Kitchen & Dining", description: "Pots" }))).toMatchObject({ ok: true });
    expect(await getCategoryForAdmin(database().db, kitchen.id)).toMatchObject({ name: "Kitchen & Dining", slug: "kitchen-dining", description: "Pots", parentId: null });
    expect(await deleteCategory(database().db, actor, kitchen.id)).toEqual({ ok: true });
    expect(await auditTrail(database().db)).toEqual([
      "delete category Kitchen & Dining",
      "update category Kitchen & Dining",
      "create category Kitchen",
      "create category Home & Garden",
    ]);
  });

  it("refuses a duplicate slug", async () => {
    await create("Fashion");
    expect(await createCategory(database().db, actor, input({ name: "Fashion" }))).toMatchObject({ fieldErrors: { slug: ["Slug already in use"] } });
  });

  it("refuses a parent that does not exist at the parent field", async () => {
    const home = await create("Home");
    const missing = "00000000-0000-4000-8000-00000000dead";
    expect(await createCategory(database().db, actor, input({ name: "Orphan", parentId: missing }))).toMatchObject({
      fieldErrors: { parentId: ["Parent category not found"] },
    });
    expect(await updateCategory(database().db, actor, home.id, input({ name: "Home", parentId: missing }))).toMatchObject({
      fieldErrors: { parentId: ["Parent category not found"] },
    });
  });

  it("refuses to put a category under itself or its descendants", async () => {
    const a = await create("A");
    const b = await create("B", a.id);
    const c = await create("C", b.id);
    expect(selfAndDescendants(a.id, await database().db.select().from(categories))).toEqual(new Set([a.id, b.id, c.id]));
    for (const parentId of [a.id, c.id]) {
      expect(await updateCategory(database().db, actor, a.id, input({ name: "A", parentId }))).toMatchObject({
        ok: false,
        fieldErrors: { parentId: ["A category cannot sit under itself or one of its subcategories"] },
      });
    }
    expect(await updateCategory(database().db, actor, c.id, input({ name: "C", parentId: a.id }))).toMatchObject({ ok: true });
  });

  it("refuses to delete a category with subcategories or deals, naming them", async () => {
    const parent = await create("Parent");
    await create("Child", parent.id);
    const store = await insertStore(database().db);
    await database().db.insert(deals).values({
      title: "T",
      slug: "t",
      shortDescription: "s",
      imageUrl: "https://e.com/i.png",
      currentPrice: 1,
      affiliateUrl: "https://e.com",
      storeId: store.id,
      categoryId: parent.id,
    });
    expect(await deleteCategory(database().db, actor, parent.id)).toEqual({
      ok: false,
      reason: "in-use",
      message: "This category still has 1 subcategory and 1 deal. Move or delete them first.",
    });
  });
});
