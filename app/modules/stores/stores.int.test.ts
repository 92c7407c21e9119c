import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { actor, auditTrail, insertActor, insertStore, messagesFor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { deals, stores } from "#app/db/schema";
import { maskSecret } from "./api-config-secrets";
import { storeSchema } from "./store.schema";
import { createStore, deleteStore, getStoreForAdmin, listStoresForAdmin, updateStore } from "./stores.server";

const database = testDatabasePerFile((t) => insertActor(t.db));

const input = (overrides: Record<string, unknown> = {}) => storeSchema.parse({ name: "Best Buy", ...overrides });

describe("store validation", () => {
  it("uses the spec's messages", () => {
    expect(messagesFor(storeSchema, {})).toMatchObject({ name: ["Store name is required"] });
    expect(messagesFor(storeSchema, { name: "日本" })).toMatchObject({ slug: ["Slug is required"] });
    expect(messagesFor(storeSchema, { name: "X", apiConfig: "{not json" })).toMatchObject({ apiConfig: ["Invalid JSON in API configuration"] });
    expect(messagesFor(storeSchema, { name: "X", apiConfig: "[1,2]" })).toMatchObject({ apiConfig: ["Invalid JSON in API configuration"] });
    expect(messagesFor(storeSchema, { name: "X", logoUrl: "javascript:alert(1)" })).toHaveProperty("logoUrl");
  });
});

describe("stores", () => {
  it("creates with a slug from the name and nulls for empty optional fields, audited", async () => {
    const result = await createStore(database().db, actor, input());
    expect(result.ok).toBe(true);
    const [row] = await database().db.select().from(stores);
    expect(row).toMatchObject({ name: "Best Buy", slug: "best-buy", logoUrl: null, seoTitle: null, seoDescription: null, apiType: "manual", apiConfig: {} });
    expect(await auditTrail(database().db)).toEqual(["create store Best Buy"]);
  });

  it("reads, lists by name, updates and deletes", async () => {
    await createStore(database().db, actor, input({ name: "Walmart" }));
    const created = await createStore(database().db, actor, input({ name: "Amazon" }));
    expect((await listStoresForAdmin(database().db)).map((s) => s.name)).toEqual(["Amazon", "Walmart"]);
    const id = created.ok ? created.row.id : "";
    expect(await updateStore(database().db, actor, id, input({ name: "Amazon US", slug: "amazon" }))).toMatchObject({ ok: true });
    expect(await getStoreForAdmin(database().db, id)).toMatchObject({ name: "Amazon US", slug: "amazon" });
    expect(await deleteStore(database().db, actor, id)).toEqual({ ok: true });
    expect(await getStoreForAdmin(database().db, id)).toBeNull();
    expect(await auditTrail(database().db)).toEqual(["delete store Amazon US", "update store Amazon US", "create store Amazon", "create store Walmart"]);
  });

  it("turns a duplicate slug into the field error 'Slug already in use'", async () => {
    await createStore(database().db, actor, input({ name: "Target" }));
    expect(await createStore(database().db, actor, input({ name: "Target" }))).toEqual({ ok: false, reason: "invalid", fieldErrors: { slug: ["Slug already in use"] } });
  });

  it("refuses to delete a store that deals use, saying what uses it", async () => {
    const store = await insertStore(database().db);
    await database().db.insert(deals).values({
      title: "T",
      slug: "t",
      shortDescription: "s",
      imageUrl: "https://e.com/i.png",
      currentPrice: 1,
      affiliateUrl: "https://e.com",
      storeId: store.id,
    });
    expect(await deleteStore(database().db, actor, store.id)).toEqual({
      ok: false,
      reason: "in-use",
      message: "This store is used by 1 deal. Move or delete them first.",
    });
    expect(await database().db.select().from(stores).where(eq(stores.id, store.id))).toHaveLength(1);
  });

  it("never shows api_config secrets, and keeps them when the masked value comes back", async () => {
    const created = await createStore(database().db, actor, input({ name: "Amazon", apiConfig: JSON.stringify({ region: "us-east-1", secret_key: "super-secret-9876" }) }));
    const id = created.ok ? created.row.id : "";
    const shown = await getStoreForAdmin(database().db, id);
    expect(shown!.apiConfig).toEqual({ region: "us-east-1", secret_key: maskSecret("super-secret-9876") });
    expect(JSON.stringify(shown)).not.toContain("super-secret");

    await updateStore(database().db, actor, id, input({ name: "Amazon", apiConfig: JSON.stringify({ ...shown!.apiConfig, region: "eu-west-1" }) }));
    const [stored] = await database().db.select().from(stores).where(eq(stores.id, id));
    expect(stored!.apiConfig).toEqual({ region: "eu-west-1", secret_key: "super-secret-9876" });

    await updateStore(database().db, actor, id, input({ name: "Amazon", apiConfig: JSON.stringify({ secret_key: "new-secret" }) }));
    const [changed] = await database().db.select().from(stores).where(eq(stores.id, id));
    expect(changed!.apiConfig).toEqual({ secret_key: "new-secret" });
  });

  it("reports an edit of a store deleted meanwhile as not found", async () => {
    expect(await updateStore(database().db, actor, "00000000-0000-4000-8000-00000000dead", input())).toEqual({ ok: false, reason: "not-found" });
  });
});
