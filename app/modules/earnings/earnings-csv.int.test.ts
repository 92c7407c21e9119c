import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, earnings, siteSettings } from "#app/db/schema";
import { earningsCsvOptionsOf, earningsCsvQuery } from "#app/lib/earnings-csv";
import { forgetContentMemos } from "#app/platform/content-memo.server";
import { ImportFileError } from "#app/platform/csv-upload.server";

import { actor, bytesOf, clickOnADeal, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { importEarningsCsv, inspectEarningsCsv } from "./earnings-csv.server";

// A network's report uploaded as CSV: read through the owner's column mapping, checked line by line (a dry
// run writes nothing), and written through the same upsert as the networks' APIs.

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;

/** A Rakuten-style export: its own column names, month-first dates, statuses in its words. */
const RAKUTEN_COLUMNS = {
  externalId: "Order ID",
  status: "Transaction Status",
  commission: "Total Commission",
  saleAmount: "Sales",
  currency: "Currency",
  transactedAt: "Transaction Date",
  subId: "Member ID (U1)",
};
const RAKUTEN_HEADER = "Order ID,Transaction Status,Sales,Total Commission,Currency,Transaction Date,Member ID (U1)";

const optionsOf = (network: string, columns: Record<string, string>, extra: Record<string, string> = {}) => {
  const options = earningsCsvOptionsOf(
    new URLSearchParams([...earningsCsvQuery({ network, columns }), ...Object.entries(extra)]),
  );
  if (typeof options === "string") throw new Error(options);
  return options;
};

const upload = (text: string, options: ReturnType<typeof optionsOf>, dryRun = false) =>
  importEarningsCsv(db(), actor, bytesOf(text), options, { dryRun });

const rowsOf = (network: string) =>
  db().select().from(earnings).where(eq(earnings.network, network)).orderBy(earnings.externalId);

describe("an earnings report uploaded as CSV", () => {
  it("is checked first without a write, then imported on the clicks its sub-IDs name", async () => {
    const { click } = await clickOnADeal(db(), { placement: "home-hot" });
    const csv = [
      RAKUTEN_HEADER,
      `R-1,Approved,"$1,250.00",62.50,USD,11/20/2026 3:05 PM,${click.id}`,
      "R-2,Pending,80.00,4.00,usd,11/21/2026,newsletter-june",
      "R-3,Reversed,20.00,-1.00,USD,11/22/2026,",
    ].join("\n");
    const options = optionsOf("Rakuten", RAKUTEN_COLUMNS);

    const checked = await upload(csv, options, true);
    expect(checked.counts).toEqual({ create: 3, update: 0, unchanged: 0, refuse: 0 });
    expect(checked.lines.map((line) => [line.line, line.action, line.title])).toEqual([
      [2, "create", "R-1: 62.50 USD, approved"],
      [3, "create", "R-2: 4.00 USD, pending"],
      [4, "create", "R-3: -1.00 USD, declined"],
    ]);
    expect(checked.notes).toEqual([
      "2 of the new or changed transactions name no item of ours: they would count as unattributed.",
    ]);
    expect(await rowsOf("rakuten")).toEqual([]);

    const imported = await upload(csv, options);
    expect(imported.counts).toEqual(checked.counts);
    const rows = await rowsOf("rakuten");
    expect(rows.map((row) => [row.externalId, row.status, row.saleAmount, row.commission, row.currency])).toEqual([
      ["R-1", "approved", 1250, 62.5, "USD"],
      ["R-2", "pending", 80, 4, "USD"],
      ["R-3", "declined", 20, -1, "USD"],
    ]);
    // A time without a zone is the site's (UTC here); 3:05 PM is 15:05.
    expect(rows[0]!.transactedAt.toISOString()).toBe("2026-11-20T15:05:00.000Z");
    expect(rows[0]).toMatchObject({ clickId: click.id, itemId: click.itemId, placement: "home-hot" });
    expect(rows.slice(1).map((row) => row.clickId)).toEqual([null, null]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'did' = 'upload'`);
    expect(audit).toMatchObject({ action: "earnings", actorEmail: actor.email, detail: { title: "rakuten" } });

    // The next month's report again lists; R-2 was approved meanwhile.
    const next = [
      RAKUTEN_HEADER,
      `R-1,Approved,"$1,250.00",62.50,USD,11/20/2026 3:05 PM,${click.id}`,
      "R-2,Approved,80.00,4.00,USD,11/21/2026,newsletter-june",
    ].join("\n");
    const again = await upload(next, options, true);
    expect(again.counts).toEqual({ create: 0, update: 1, unchanged: 1, refuse: 0 });
    expect(again.lines.find((line) => line.action === "update")!.changes).toEqual([
      { column: "Transaction Status", before: "pending", after: "approved" },
    ]);
    await upload(next, options);
    const total = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number), sum: sql<string>`sum(${earnings.commission})::text` })
      .from(earnings)
      .where(eq(earnings.network, "rakuten"));
    expect(total).toEqual([{ n: 3, sum: "65.50" }]);
  });

  it("refuses each bad line with what is wrong in the file's words, and imports the rest", async () => {
    const csv = [
      RAKUTEN_HEADER,
      "B-1,Approved,10.00,1.00,USD,11/20/2026,",
      "B-2,Maybe,10.00,1.00,USD,11/20/2026,",
      "B-3,Approved,10.00,n/a,USD,11/20/2026,",
      ",Approved,10.00,1.00,USD,11/20/2026,",
      "B-5,Approved,10.00,1.00,DOLLARS,13/45/2026,",
      "B-6,Paid,10.00,1.005,EUR,2026-11-20T08:00:00+01:00,",
    ].join("\n");
    const report = await upload(csv, optionsOf("badfile", RAKUTEN_COLUMNS));
    expect(report.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 4 });
    expect(report.lines.filter((line) => line.action === "refuse").map((line) => [line.line, line.reason])).toEqual([
      [3, 'Transaction Status: "Maybe" is not a status we know (pending, approved, declined or paid).'],
      [4, 'Total Commission: "n/a" is not an amount.'],
      [5, "Order ID: empty."],
      [6, 'Currency: "DOLLARS" is not a currency code; Transaction Date: "13/45/2026" is not a date.'],
    ]);
    // The refused lines as the file had them, each with its problem: to fix and upload again.
    expect(report.refusedCsv).toContain(`${RAKUTEN_HEADER},Problem`);
    expect(report.refusedCsv).toContain(
      'B-3,Approved,10.00,n/a,USD,11/20/2026,,"Total Commission: ""n/a"" is not an amount."',
    );
    const rows = await rowsOf("badfile");
    // Half a cent rounds away from zero, as the database rounds; a zone in the date is kept.
    expect(rows.map((row) => [row.externalId, row.commission, row.transactedAt.toISOString()])).toEqual([
      ["B-1", 1, "2026-11-20T00:00:00.000Z"],
      ["B-6", 1.01, "2026-11-20T07:00:00.000Z"],
    ]);
  });

  it("reads day-first dates in the site's time zone, and a status and currency for every line", async () => {
    await db()
      .insert(siteSettings)
      .values({ key: "time-zone", value: "Europe/Berlin" })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: "Europe/Berlin" } });
    forgetContentMemos();
    try {
      const csv = ["ID,Payout,Date", "D-1,3.50,24.11.2026 15:05", "D-2,2.00,03/04/2026"].join("\n");
      const options = optionsOf(
        "daily",
        { externalId: "ID", commission: "Payout", transactedAt: "Date" },
        { dates: "dmy", status: "paid", currency: "EUR" },
      );
      await upload(csv, options);
      const rows = await rowsOf("daily");
      expect(rows.map((row) => [row.externalId, row.status, row.currency, row.transactedAt.toISOString()])).toEqual([
        ["D-1", "paid", "EUR", "2026-11-24T14:05:00.000Z"],
        ["D-2", "paid", "EUR", "2026-04-02T22:00:00.000Z"],
      ]);
    } finally {
      await db().delete(siteSettings).where(eq(siteSettings.key, "time-zone"));
      forgetContentMemos();
    }
  });

  it("counts a transaction listed twice once, the later line changing what the earlier said", async () => {
    const csv = [RAKUTEN_HEADER, "T-1,Pending,10.00,1.00,USD,11/20/2026,", "T-1,Approved,10.00,1.20,USD,11/20/2026,"];
    const report = await upload(csv.join("\n"), optionsOf("twice", RAKUTEN_COLUMNS));
    expect(report.counts).toEqual({ create: 1, update: 1, unchanged: 0, refuse: 0 });
    expect((await rowsOf("twice")).map((row) => [row.status, row.commission])).toEqual([["approved", 1.2]]);
  });

  it("stops before any write when a mapped column is not in the file", async () => {
    const csv = ["Order ID,Total Commission,Transaction Date", "X-1,1.00,11/20/2026"].join("\n");
    await expect(upload(csv, optionsOf("missing", RAKUTEN_COLUMNS))).rejects.toThrow(
      new ImportFileError('The file has no column "Transaction Status": choose its columns again.'),
    );
    expect(await rowsOf("missing")).toEqual([]);
  });

  it("refuses a mapping without the parts every transaction needs", () => {
    expect(earningsCsvOptionsOf(new URLSearchParams({ network: "x", "col.externalId": "ID" }))).toBe(
      "Choose the column of the Commission",
    );
    expect(earningsCsvOptionsOf(new URLSearchParams({ "col.externalId": "ID" }))).toBe("Enter the network's name");
    expect(
      earningsCsvOptionsOf(
        new URLSearchParams({
          network: "x",
          "col.externalId": "ID",
          "col.commission": "C",
          "col.transactedAt": "D",
          currency: "euro",
        }),
      ),
    ).toBe("Use a three-letter currency code");
  });

  it("suggests the mapping and the date order from a file's first lines", async () => {
    const csv = [
      "Transaction ID,Commission Status,Sale Amount,Commission Amount,Transaction Date,Click Ref",
      "1,approved,10,1,25/11/2026,abc",
      "2,approved,10,1,01/11/2026,abc",
    ].join("\n");
    expect(await inspectEarningsCsv(bytesOf(csv))).toEqual({
      headers: [
        "Transaction ID",
        "Commission Status",
        "Sale Amount",
        "Commission Amount",
        "Transaction Date",
        "Click Ref",
      ],
      sample: [
        ["1", "approved", "10", "1", "25/11/2026", "abc"],
        ["2", "approved", "10", "1", "01/11/2026", "abc"],
      ],
      columns: {
        externalId: "Transaction ID",
        status: "Commission Status",
        commission: "Commission Amount",
        saleAmount: "Sale Amount",
        transactedAt: "Transaction Date",
        subId: "Click Ref",
      },
      dates: "dmy",
    });
  });
});
