import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clicks, deals, earnings } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import type { SourceConnection } from "#app/modules/sourcing/adapters/source-adapter";

import { awinTransaction, FAKE_AWIN, type FakeAwin, startFakeAwin } from "../../../tests/support/fake-awin";
import { fakeConnection, readAllEarnings } from "../../../tests/support/source-reads";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { awinEarningsAdapter } from "./awin-transactions.server";
import { importEarnings } from "./earnings-import.server";

// Awin's transactions API, spoken by a local fake (tests/support/fake-awin.ts), into `earnings`.

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

let fake: FakeAwin;
beforeAll(async () => (fake = await startFakeAwin()));
afterAll(() => fake.close());

const connection = (secret: string | null = FAKE_AWIN.token): SourceConnection => fakeConnection(fake.url, secret);
const range = { from: new Date("2026-09-20T00:00:00Z"), to: new Date("2026-11-26T00:00:00Z") };
const read = (link = connection()) =>
  readAllEarnings(awinEarningsAdapter, { publisherId: FAKE_AWIN.publisherId }, link, range);

describe("Awin's transactions", () => {
  it("are read in ranges Awin answers, attributed to our clicks, and re-read without counting twice", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const [click] = await db()
      .insert(clicks)
      .values({ kind: "deal", itemId: deal!.id, storeId: deal!.storeId, placement: "deal-page" })
      .returning();
    fake.transactions = [
      awinTransaction(1, { clickRefs: { clickRef: click!.id } }),
      awinTransaction(2, { commissionStatus: "approved", transactionDate: "2026-10-01T08:00:00" }),
      awinTransaction(3, { commissionStatus: "deleted", transactionDate: "2026-09-21T12:00:00" }),
      awinTransaction(4, { commissionStatus: "approved", paidToPublisher: true }),
      awinTransaction(5, { commissionAmount: { amount: null, currency: "EUR" } }),
      awinTransaction(6, { transactionDate: "2026-08-01T00:00:00" }), // outside the range asked
    ];
    fake.transactionQueries.length = 0;
    const { reported, refused } = await read();
    // 67 days: three ranges of at most 31 days, in UTC, to the second.
    expect(fake.transactionQueries.map((query) => [query.get("startDate"), query.get("endDate")])).toEqual([
      ["2026-09-20T00:00:00", "2026-10-20T23:59:59"],
      ["2026-10-21T00:00:00", "2026-11-20T23:59:59"],
      ["2026-11-21T00:00:00", "2026-11-26T00:00:00"],
    ]);
    expect(refused).toEqual(["Transaction 1591984005: no commission amount"]);
    expect(reported.map((earning) => [earning.externalId, earning.status]).sort()).toEqual([
      ["1591984001", "pending"],
      ["1591984002", "approved"],
      ["1591984003", "declined"],
      ["1591984004", "paid"],
    ]);
    expect(reported.find((earning) => earning.externalId === "1591984001")).toMatchObject({
      commission: 4.26,
      saleAmount: 85.2,
      currency: "EUR",
      transactedAt: new Date("2026-11-20T10:02:00Z"),
      subId: click!.id,
    });
    expect(await importEarnings(db(), "awin", reported)).toEqual({
      added: 4,
      updated: 0,
      unchanged: 0,
      unattributed: 3,
    });
    const [mine] = await db().select().from(earnings).where(eq(earnings.externalId, "1591984001"));
    expect(mine).toMatchObject({ clickId: click!.id, itemId: deal!.id, placement: "deal-page" });

    // Approved since: one update, the total moves by nothing but the status.
    fake.transactions[0] = awinTransaction(1, { clickRefs: { clickRef: click!.id }, commissionStatus: "approved" });
    expect(await importEarnings(db(), "awin", (await read()).reported)).toEqual({
      added: 0,
      updated: 1,
      unchanged: 3,
      unattributed: 0,
    });
    const [total] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number), commission: sql<string>`sum(${earnings.commission})` })
      .from(earnings)
      .where(eq(earnings.network, "awin"));
    expect(total).toEqual({ n: 4, commission: "17.04" });
  });

  it("says when the token is refused or Awin asks us to slow down", async () => {
    await expect(read(connection("wrong-token"))).rejects.toMatchObject({ kind: "credentials" });
    await expect(read(connection(null))).rejects.toMatchObject({ kind: "credentials" });
    fake.busy = true;
    try {
      await expect(read()).rejects.toMatchObject({ kind: "rate-limited" });
    } finally {
      fake.busy = false;
    }
  });
});
