import { describe, expect, it } from "vitest";

import { categories } from "#app/db/schema";
import { deleteContent, getForEdit, saveContent } from "#app/modules/catalogue/mutations.server";
import { contentType } from "#app/modules/catalogue/registry.server";

import { actor, firstListPage, insertActor, messagesFor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { categoryFilterOptions } from "./categories.server";
import { categorySchema } from "./category.schema";
import { categoryType } from "./category.type.server";
import { selfAndDescendants } from "./category-tree";

const database = testDatabasePerFile((t) => insertActor(t.db));

const input = (overrides: Record<string, unknown> = {}) => categorySchema.parse({ name: "Electronics", ...overrides });
const save = (id: string | undefined, overrides: Record<string, unknown> = {}) =>
  saveContent(categoryType, database().db, actor, id, input(overrides));

async function create(name: string, parentId?: string) {
  const result = await save(undefined, { name, parentId });
  if (!result.ok) throw new Error(`could not create ${name}`);
  return result.row;
}

describe("category validation", () => {
  it("refuses a parent that is not an id", () => {
    expect(messagesFor(categorySchema, { name: "X", parentId: "not-an-id" })).toHaveProperty("parentId");
  });
});

describe("categories", () => {
  it("lists by name with the parent's name, and an edit can make a subcategory top level", async () => {
    const home = await create("Home & Garden");
    const kitchen = await create("Kitchen", home.id);
    expect(kitchen).toMatchObject({ slug: "kitchen", description: null, parentId: home.id });
    expect((await firstListPage(categoryType, database().db)).map((c) => [c.name, c.parentName])).toEqual([
      ["Home & Garden", null],
      ["Kitchen", "Home & Garden"],
    ]);
    expect(await save(kitchen.id, { name: "Kitchen & Dining", description: "Pots" })).toMatchObject({ ok: true });
    expect(await getForEdit(categoryType, database().db, kitchen.id)).toMatchObject({
      name: "Kitchen & Dining",
      slug: "kitchen-dining",
      description: "Pots",
      parentId: null,
    });
  });

  it("refuses to put a category under itself or its descendants", async () => {
    const a = await create("A");
    const b = await create("B", a.id);
    const c = await create("C", b.id);
    expect(selfAndDescendants(a.id, await database().db.select().from(categories))).toEqual(
      new Set([a.id, b.id, c.id]),
    );
    for (const parentId of [a.id, c.id]) {
      expect(await save(a.id, { name: "A", parentId })).toMatchObject({
        ok: false,
        fieldErrors: { parentId: ["A category cannot sit under itself or one of its subcategories"] },
      });
    }
    expect(await save(c.id, { name: "C", parentId: a.id })).toMatchObject({ ok: true });
  });

  it("names its subcategories first when a delete is refused", async () => {
    const parent = await create("Parent");
    await create("Child", parent.id);
    const store = await saveContent(
      contentType("store"),
      database().db,
      actor,
      undefined,
      contentType("store").schema.parse({ name: "Acme" }),
    );
    await saveContent(
      contentType("deal"),
      database().db,
      actor,
      undefined,
      contentType("deal").schema.parse({
        title: "T",
        shortDescription: "s",
        imageUrl: "https://e.com/i.png",
        currentPrice: 1,
        affiliateUrl: "https://e.com",
        storeId: store.ok ? store.row.id : "",
        categoryId: parent.id,
      }),
    );
    expect(await deleteContent(categoryType, database().db, actor, parent.id)).toEqual({
      ok: false,
      reason: "in-use",
      message: "This category still has 1 subcategory and 1 deal. Move or delete them first.",
    });
  });
});

describe("the Deal Dashes category filter", () => {
  it("offers the top-level categories A–Z, and a subcategory only when it is the chosen one", async () => {
    const audio = await create("Zz Audio Top");
    const speakers = await create("Aa Speakers Sub", audio.id);
    const offered = (await categoryFilterOptions(database().db)).map((category) => category.name);
    expect(offered).toContain("Zz Audio Top");
    expect(offered).not.toContain("Aa Speakers Sub");
    expect(offered).toEqual([...offered].sort((a, b) => a.localeCompare(b, "en")));
    const chosen = (await categoryFilterOptions(database().db, speakers.slug as string)).map(
      (category) => category.name,
    );
    expect(chosen[0]).toBe("Aa Speakers Sub");
    expect(chosen).toContain("Zz Audio Top");
  });
});
