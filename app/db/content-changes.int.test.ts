import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clicks, stores } from "#app/db/schema";

import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";

// drizzle/0007: a change to a content table is announced on 'dealdash_content' when it commits (the page
// cache listens), never for a rolled-back change, and never for activity such as clicks.

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
});
