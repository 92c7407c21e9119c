import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "#app/db/client.server";
import { coupons, deals, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { STORE_FILTER_SIZE, storeFilterOptions } from "./stores.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

/** The counters as the triggers keep them, next to a count from scratch. */
async function countersAndRecount() {
  return queryRows<Record<string, unknown>>(
    db(),
    sql`
    SELECT s.slug, s.published_deals AS kept_deals, s.published_coupons AS kept_coupons,
      (SELECT count(*)::int FROM deals d WHERE d.store_id = s.id AND d.status = 'published') AS deals,
      (SELECT count(*)::int FROM coupons c WHERE c.store_id = s.id AND c.status = 'published') AS coupons
    FROM stores s ORDER BY s.slug`,
  );
}

async function expectCountersExact() {
  for (const row of await countersAndRecount()) {
    expect([row.slug, row.kept_deals, row.kept_coupons]).toEqual([row.slug, row.deals, row.coupons]);
  }
}

describe("the public store filters", () => {
  it("keep each store's published deal and coupon counts through inserts, status changes, store moves, bulk updates and deletes", async () => {
    await expectCountersExact();
    const [amazon] = await db().select({ id: stores.id }).from(stores).where(eq(stores.slug, "amazon"));
    const [target] = await db().select({ id: stores.id }).from(stores).where(eq(stores.slug, "target"));
    const amazonDeals = await db().select({ id: deals.id }).from(deals).where(eq(deals.storeId, amazon!.id));
    expect(amazonDeals.length).toBeGreaterThan(1);

    await db().update(deals).set({ status: "draft" }).where(eq(deals.id, amazonDeals[0]!.id));
    await db().update(deals).set({ storeId: target!.id }).where(eq(deals.id, amazonDeals[1]!.id));
    await db().update(coupons).set({ status: "archived" });
    await expectCountersExact();

    const [copy] = await db().select().from(deals).where(eq(deals.id, amazonDeals[1]!.id));
    await db()
      .insert(deals)
      .values({
        ...copy!,
        id: undefined,
        slug: `${copy!.slug}-again`,
        status: "published",
      } as typeof deals.$inferInsert);
    await db().delete(deals).where(eq(deals.id, amazonDeals[1]!.id));
    await db().update(coupons).set({ status: "published" });
    await expectCountersExact();
  });

  it("offer the stores with the most published items, A–Z, and always the chosen one", async () => {
    const options = await storeFilterOptions(db(), "deals");
    expect(options.map((store) => store.name)).toEqual(
      [...options.map((store) => store.name)].sort((a, b) => a.localeCompare(b, "en")),
    );
    expect(options.length).toBeLessThanOrEqual(STORE_FILTER_SIZE);

    // Forty busier stores push a one-deal store out of the list; choosing it brings it back.
    const [template] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const busy = await db()
      .insert(stores)
      .values(
        Array.from({ length: STORE_FILTER_SIZE }, (_, i) => ({ name: `Busy Store ${i}`, slug: `busy-store-${i}` })),
      )
      .returning({ id: stores.id });
    await db()
      .insert(deals)
      .values(
        busy.flatMap((store, i) =>
          Array.from({ length: 5 }, (_, n) => ({
            ...template!,
            id: undefined,
            storeId: store.id,
            slug: `busy-${i}-${n}`,
          })),
        ) as (typeof deals.$inferInsert)[],
      );
    const [quiet] = await db()
      .insert(stores)
      .values({ name: "Quiet Store", slug: "quiet-store" })
      .returning({ id: stores.id });
    await db()
      .insert(deals)
      .values({ ...template!, id: undefined, storeId: quiet!.id, slug: "quiet-deal" } as typeof deals.$inferInsert);
    // The server forgets kept reads when the database announces the change; this test has no listener.
    forgetContentMemos();

    const top = await storeFilterOptions(db(), "deals");
    expect(top).toHaveLength(STORE_FILTER_SIZE);
    expect(top.map((store) => store.slug)).not.toContain("quiet-store");
    expect((await storeFilterOptions(db(), "deals", { slug: "quiet-store" })).map((store) => store.slug)).toContain(
      "quiet-store",
    );
    // A store with nothing published is never offered, chosen or not.
    await db().insert(stores).values({ name: "Empty Store", slug: "empty-store" });
    expect((await storeFilterOptions(db(), "deals", { slug: "empty-store" })).map((store) => store.slug)).not.toContain(
      "empty-store",
    );
    await expectCountersExact();
  });
});
