import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { stores } from "#app/db/schema";
import { getForEdit, saveContent } from "#app/modules/catalogue/mutations.server";

import { actor, firstListPage, insertActor, messagesFor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { maskSecret } from "./api-config-secrets";
import { storeSchema } from "./store.schema";
import { storeType } from "./store.type.server";

const database = testDatabasePerFile((t) => insertActor(t.db));

const input = (overrides: Record<string, unknown> = {}) => storeSchema.parse({ name: "Best Buy", ...overrides });
const save = (id: string | undefined, overrides: Record<string, unknown> = {}) =>
  saveContent(storeType, database().db, actor, id, input(overrides));

describe("store validation", () => {
  it("needs a usable slug, JSON configuration and an http(s) logo", () => {
    expect(messagesFor(storeSchema, { name: "日本" })).toMatchObject({ slug: ["Slug is required"] });
    expect(messagesFor(storeSchema, { name: "X", apiConfig: "{not json" })).toMatchObject({
      apiConfig: ["Invalid JSON in API configuration"],
    });
    expect(messagesFor(storeSchema, { name: "X", apiConfig: "[1,2]" })).toMatchObject({
      apiConfig: ["Invalid JSON in API configuration"],
    });
    expect(messagesFor(storeSchema, { name: "X", logoUrl: "javascript:alert(1)" })).toHaveProperty("logoUrl");
  });

  it("refuses api_config PostgreSQL's jsonb cannot hold", () => {
    for (const apiConfig of ['{"key": "a\\u0000b"}', '{"key": "\\ud800"}', '{"\\u0000": 1}']) {
      expect(messagesFor(storeSchema, { name: "X", apiConfig })).toHaveProperty("apiConfig");
    }
  });
});

describe("stores", () => {
  it("creates with a slug from the name and nulls for empty optional fields", async () => {
    expect((await save(undefined)).ok).toBe(true);
    const [row] = await database().db.select().from(stores);
    expect(row).toMatchObject({
      name: "Best Buy",
      slug: "best-buy",
      logoUrl: null,
      seoTitle: null,
      seoDescription: null,
      apiType: "manual",
      apiConfig: {},
    });
  });

  it("lists by name", async () => {
    await save(undefined, { name: "Walmart" });
    await save(undefined, { name: "Amazon" });
    expect((await firstListPage(storeType, database().db)).map((s) => s.name)).toEqual(["Amazon", "Walmart"]);
  });

  it("never shows api_config secrets, and keeps them when the masked value comes back", async () => {
    const created = await save(undefined, {
      name: "Amazon",
      apiConfig: JSON.stringify({ region: "us-east-1", secret_key: "super-secret-9876" }),
    });
    const id = created.ok ? created.row.id : "";
    const shown = (await getForEdit(storeType, database().db, id))!;
    expect(shown.apiConfig).toEqual({ region: "us-east-1", secret_key: maskSecret("super-secret-9876") });
    expect(JSON.stringify(shown)).not.toContain("super-secret");

    await save(id, {
      name: "Amazon",
      apiConfig: JSON.stringify({ ...(shown.apiConfig as object), region: "eu-west-1" }),
    });
    const [stored] = await database().db.select().from(stores).where(eq(stores.id, id));
    expect(stored!.apiConfig).toEqual({ region: "eu-west-1", secret_key: "super-secret-9876" });

    await save(id, { name: "Amazon", apiConfig: JSON.stringify({ secret_key: "new-secret" }) });
    const [changed] = await database().db.select().from(stores).where(eq(stores.id, id));
    expect(changed!.apiConfig).toEqual({ secret_key: "new-secret" });
  });
});
