import { asc, desc, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

import { coupons, deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";

import { testDatabasePerFile } from "../../tests/support/test-database";
import { keysetWalk } from "./keyset";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

/** Every id a walk reads, two rows a batch. */
async function walked(walk: ReturnType<typeof keysetWalk>, table: typeof coupons | typeof deals, by: AnyPgColumn) {
  const ids: string[] = [];
  for (let after = walk.next(); after; after = walk.next()) {
    const batch = await db()
      .select({ id: table.id, sortValue: by })
      .from(table)
      .where(after)
      .orderBy(...walk.orderBy)
      .limit(2);
    walk.advance(batch, 2);
    ids.push(...batch.map((row) => row.id));
  }
  return ids;
}

describe("keyset walks", () => {
  it("read every row once, in the order one query gives, whether the sort column has NULLs or not", async () => {
    // Ties and NULLs both: several coupons share an end, several have none.
    const [first] = await db().select({ validUntil: coupons.validUntil }).from(coupons).limit(1);
    await db()
      .update(coupons)
      .set({
        validUntil: sql`case when random() < 0.4 then null else ${first!.validUntil ?? new Date()}::timestamptz end`,
      });
    for (const dir of ["asc", "desc"] as const) {
      const order = dir === "asc" ? asc : desc;
      const expected = await db()
        .select({ id: coupons.id })
        .from(coupons)
        .orderBy(order(coupons.validUntil), order(coupons.id));
      const ids = await walked(keysetWalk(coupons.validUntil, coupons.id, dir), coupons, coupons.validUntil);
      expect(ids).toEqual(expected.map((row) => row.id));
    }
    const newest = await db().select({ id: deals.id }).from(deals).orderBy(desc(deals.createdAt), desc(deals.id));
    expect(await walked(keysetWalk(deals.createdAt, deals.id, "desc"), deals, deals.createdAt)).toEqual(
      newest.map((row) => row.id),
    );
  });
});
