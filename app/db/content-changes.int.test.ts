import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clicks, stores } from "#app/db/schema";
import { faces } from "#app/modules/catalogue/faces";

import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";

// drizzle/0007: a change to a content table is announced on 'dealdash_content' when it commits (the page
// cache listens), never for a rolled-back change, and never for activity such as clicks. Each table's
// trigger is written in its migration: the face list says which tables must have one.

let t: TestDatabase;
const heard: string[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  t = await createTestDatabase();
  stop = await t.listen("dealdash_content", (payload) => heard.push(payload));
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

describe("content change notifications", () => {
  it("announces a committed change with the table's name, once per statement", async () => {
    heard.length = 0;
    await t.db.insert(stores).values({ name: "Notify Store", slug: "notify-store" });
    await expect.poll(() => heard).toEqual(["stores"]);
  });

  it("says nothing for a rolled-back change or a click", async () => {
    heard.length = 0;
    await t.db
      .transaction(async (tx) => {
        await tx.update(stores).set({ name: "Renamed" }).where(eq(stores.slug, "notify-store"));
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await t.db.insert(clicks).values({ kind: "deal", itemId: sql`gen_random_uuid()` });
    // Notifications arrive in commit order: once a later change is heard, anything before it would have been.
    await t.db.insert(stores).values({ name: "Marker Store", slug: "marker-store" });
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard).toEqual(["stores"]);
  });

  it("announces a change to every type's table, so a new type cannot forget its trigger", async () => {
    heard.length = 0;
    // A statement-level trigger fires even when no row matches.
    for (const face of faces)
      await t.db
        .update(face.table)
        .set({ updatedAt: sql`updated_at` })
        .where(sql`false`);
    const tables = faces.map((face) => getTableName(face.table));
    await expect.poll(() => heard.length).toBe(tables.length);
    expect(heard).toEqual(tables);
  });
});
