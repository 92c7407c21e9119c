import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, deals, stores } from "#app/db/schema";
import { readListParams } from "#app/modules/content-types/list-params";

import { actor, auditTrail, createValid, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { listWhere, refFiltersOf } from "./admin-list.server";
import { bulkActionsOf, describeBulkResult, runBulkAction } from "./bulk.server";
import { duplicateContent, getForEdit } from "./mutations.server";
import { contentType, contentTypes } from "./registry.server";

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const dealType = contentType("deal");
const storeType = contentType("store");

async function auditedIds(action: string) {
  return (await db().select({ id: auditLog.entityId }).from(auditLog).where(eq(auditLog.action, action))).map(
    (row) => row.id,
  );
}

describe("bulk actions", () => {
  it("offers status changes only where there is a status, featuring only where there is a flag", () => {
    expect(Object.fromEntries(contentTypes.map((type) => [type.key, bulkActionsOf(type)]))).toEqual({
      deal: ["publish", "draft", "archive", "feature", "unfeature", "delete"],
      coupon: ["publish", "draft", "archive", "feature", "unfeature", "delete"],
      gift: ["publish", "draft", "archive", "feature", "unfeature", "delete"],
      guide: ["publish", "draft", "archive", "feature", "unfeature", "delete"],
      store: ["delete"],
      category: ["delete"],
    });
  });

  it("publishes the chosen rows with one audit row each, counting only rows that changed", async () => {
    const rows = [];
    for (let i = 0; i < 4; i++)
      rows.push(await createValid(db(), dealType, { status: i === 0 ? "published" : "draft" }));
    const chosen = rows.slice(0, 3).map((row) => row.id);
    const before = await auditedIds("update");
    const result = await runBulkAction(dealType, db(), actor, "publish", inArray(deals.id, chosen));
    expect(result).toEqual({ action: "publish", changed: 2, refused: [], refusedCount: 0 });
    const statuses = await db().select({ id: deals.id, status: deals.status }).from(deals);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [rows[0]!.id]: "published",
      [rows[1]!.id]: "published",
      [rows[2]!.id]: "published",
      [rows[3]!.id]: "draft",
    });
    const audited = (await auditedIds("update")).filter((id) => !before.includes(id));
    expect(new Set(audited)).toEqual(new Set([rows[1]!.id, rows[2]!.id]));
    expect(describeBulkResult(dealType, result)).toEqual({ ok: true, text: "2 deals published" });
  });

  it.each([
    ["draft", "draft", "moved to draft"],
    ["archive", "archived", "archived"],
    ["unfeature", "published", "unfeatured"],
  ] as const)("%s sets what it says", async (action, status, words) => {
    const row = await createValid(db(), dealType, { status: "published", featured: true });
    const result = await runBulkAction(dealType, db(), actor, action, eq(deals.id, row.id));
    expect(describeBulkResult(dealType, result).text).toBe(`1 deal ${words}`);
    expect(await getForEdit(dealType, db(), row.id)).toMatchObject({ status, featured: action !== "unfeature" });
  });

  it("applies to every row a view matches, and to nothing else", async () => {
    const keep = await createValid(db(), dealType, { featured: false });
    const matching = [
      await createValid(db(), dealType, { title: "Blue kettle" }),
      await createValid(db(), dealType, { title: "Blue lamp" }),
    ];
    const view = readListParams(
      new URLSearchParams("q=blue"),
      refFiltersOf(dealType).map((filter) => filter.param),
    );
    const result = await runBulkAction(dealType, db(), actor, "feature", listWhere(dealType, view));
    expect(result.changed).toBe(2);
    const featured = await db().select({ id: deals.id }).from(deals).where(eq(deals.featured, true));
    expect(new Set(featured.map((row) => row.id))).toEqual(new Set(matching.map((row) => row.id)));
    expect(featured.map((row) => row.id)).not.toContain(keep.id);
  });

  it("deletes what nothing uses, and names each row it kept with the reason", async () => {
    const used = await createValid(db(), storeType, { name: "Used Store" });
    await createValid(db(), dealType, { storeId: used.id });
    await createValid(db(), contentType("coupon"), { storeId: used.id });
    const free = await createValid(db(), storeType, { name: "Free Store" });
    const storeIds = [used.id, free.id];
    const result = await runBulkAction(storeType, db(), actor, "delete", inArray(stores.id, storeIds));
    expect(result).toEqual({
      action: "delete",
      changed: 1,
      refused: [
        { name: "Used Store", reason: "This store is used by 1 deal and 1 coupon. Move or delete them first." },
      ],
      refusedCount: 1,
    });
    expect(await getForEdit(storeType, db(), used.id)).not.toBeNull();
    expect(await getForEdit(storeType, db(), free.id)).toBeNull();
    expect(await auditTrail(db())).toContain("delete store Free Store");
    expect(describeBulkResult(storeType, result)).toEqual({
      ok: false,
      text: '1 store deleted. 1 store not deleted. "Used Store": This store is used by 1 deal and 1 coupon. Move or delete them first.',
    });
  });

  it("keeps a parent category whose children stay, and deletes a leaf", async () => {
    const categoryType = contentType("category");
    const parent = await createValid(db(), categoryType, { name: "Parent" });
    const child = await createValid(db(), categoryType, { name: "Child", parentId: parent.id });
    const result = await runBulkAction(categoryType, db(), actor, "delete", undefined);
    expect(result.changed).toBe(1);
    expect(result.refused).toEqual([
      { name: "Parent", reason: "This category still has 1 subcategory. Move or delete them first." },
    ]);
    expect(await getForEdit(categoryType, db(), child.id)).toBeNull();
  });

  it("refuses an action the type does not have, changing nothing", async () => {
    const store = await createValid(db(), storeType);
    await expect(runBulkAction(storeType, db(), actor, "publish", eq(stores.id, store.id))).rejects.toThrow();
    const [row] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "store"), eq(auditLog.action, "update")));
    expect(row!.n).toBe(0);
  });
});

describe("duplicate", () => {
  it("copies a row as an unfeatured draft with a free slug, and audits the copy", async () => {
    const original = await createValid(db(), dealType, { title: "Robot Vacuum", status: "published", featured: true });
    const first = await duplicateContent(dealType, db(), actor, original.id);
    const second = await duplicateContent(dealType, db(), actor, original.id);
    expect(first.ok && first.row).toMatchObject({
      title: "Robot Vacuum (copy)",
      slug: `${String(original.slug)}-copy`,
      status: "draft",
      featured: false,
      currentPrice: 80,
    });
    expect(second.ok && second.row).toMatchObject({ slug: `${String(original.slug)}-copy-2` });
    expect(first.ok && first.row.id).not.toBe(original.id);
    expect((await auditTrail(db()))[0]).toBe("create deal Robot Vacuum (copy)");
  });

  it("answers a row that is gone as not found", async () => {
    expect(await duplicateContent(dealType, db(), actor, "00000000-0000-4000-8000-00000000dead")).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it.each(contentTypes.map((type) => [type.key, type] as const))("copies a %s", async (_key, type) => {
    const original = await createValid(db(), type);
    const copy = await duplicateContent(type, db(), actor, original.id);
    expect(copy.ok).toBe(true);
  });
});
