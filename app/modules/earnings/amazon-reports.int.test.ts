import { gzipSync } from "node:zlib";

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { earnings, earningsSources } from "#app/db/schema";
import { setAmazonTrackingIds } from "#app/lib/amazon-tracking-ids";
import { amazonSettingsSchema } from "#app/modules/amazon/amazon-settings.schema";
import { saveAmazonSettings, saveAmazonTrackingIds } from "#app/modules/amazon/amazon-settings.server";
import { amazonUsageToday } from "#app/modules/amazon/amazon-usage.server";
import { applySiteFormats } from "#app/modules/site-settings/site-formats.server";

import { FAKE_AMAZON_KEYS, type FakeAmazon, startFakeAmazon } from "../../../tests/support/fake-amazon";
import { actor, bytesOf, insertDealLike, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { importAmazonEarningsCsv, inspectEarningsCsv } from "./earnings-csv.server";
import { earningsSourceForms } from "./earnings-settings";
import { runDueEarningsSources, saveEarningsSource } from "./earnings-sources.server";

// Amazon's earnings reports through a local Creators API: listed, fetched through their pre-signed
// addresses, each line credited to the deal with its ASIN and the placement whose tracking ID it names,
// and a rewritten report moving its lines' amounts instead of adding them twice.

const database = testDatabasePerFile(seedDemoWithActor);
const db = () => database().db;
const APP_SECRET = "a".repeat(32);
const DAY = 86_400_000;
let fake: FakeAmazon;

beforeAll(async () => {
  fake = await startFakeAmazon({ items: [] });
});
afterAll(async () => {
  setAmazonTrackingIds({});
  await fake.close();
});

const context = () => ({
  appSecret: APP_SECRET,
  allowPrivate: true,
  timeoutMs: 10_000,
  endpoints: { amazon: fake.url },
  amazonOptions: { minIntervalMs: 0, backoffBaseMs: 1, backoffCapMs: 2 },
});

/** A day as Amazon's report writes it, `daysAgo` before today. */
const shippedOn = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10) + " 00:00:00";

const HEADER = [
  "Category",
  "Name",
  "ASIN",
  "Seller",
  "Tracking ID",
  "Date Shipped",
  "Price($)",
  "Items Shipped",
  "Returns",
  "Revenue($)",
  "Ad Fees($)",
  "Device Type Group",
];
type Line = [asin: string, trackingId: string, shipped: string, items: number, revenue: string, fees: string];
const row = ([asin, trackingId, shipped, items, revenue, fees]: Line) => [
  "Home",
  `Product "${asin}", boxed`,
  asin,
  "Amazon.com",
  trackingId,
  shipped,
  "49.99",
  String(items),
  "0",
  revenue,
  fees,
  "DESKTOP",
];
const csvReport = (lines: Line[]) =>
  [
    `Fee-Earnings reports from ${shippedOn(30).slice(0, 10)} to ${shippedOn(0).slice(0, 10)}`,
    HEADER.join(","),
    ...lines.map((line) =>
      row(line)
        .map((cell) => `"${cell.replaceAll('"', '""')}"`)
        .join(","),
    ),
  ].join("\n");
const tsvReport = (lines: Line[]) => [HEADER.join("\t"), ...lines.map((line) => row(line).join("\t"))].join("\n");

async function setUpAmazon() {
  await saveAmazonSettings(
    db(),
    actor,
    amazonSettingsSchema(false).parse({
      accessKey: FAKE_AMAZON_KEYS.clientId,
      secretKey: FAKE_AMAZON_KEYS.clientSecret,
      associateTag: "dealdash-20",
    }),
    APP_SECRET,
  );
  await saveAmazonTrackingIds(db(), actor, { "deal-dashes": "site-deals-20", guide: "site-guides-20" });
  // What the background job does before it runs: the tracking IDs are read as the site has them.
  await applySiteFormats(db());
}

async function addAmazonSource(lookBackDays = 60) {
  const input = earningsSourceForms.amazon.parse({
    name: "Amazon US",
    everyMinutes: "360",
    lookBackDays,
    enabled: true,
  });
  return (await saveEarningsSource(db(), APP_SECRET, { network: "amazon" }, input, actor))!;
}

const amazonRows = () =>
  db()
    .select({
      trackingId: earnings.subId,
      itemId: earnings.itemId,
      kind: earnings.kind,
      placement: earnings.placement,
      commission: earnings.commission,
      saleAmount: earnings.saleAmount,
      status: earnings.status,
      currency: earnings.currency,
    })
    .from(earnings)
    .where(eq(earnings.network, "amazon"))
    .orderBy(asc(earnings.commission), asc(earnings.placement));

describe("Amazon's earnings reports", () => {
  it("credit each line to its deal and placement, and a rewritten report moves amounts, never doubles them", async () => {
    await setUpAmazon();
    const older = await insertDealLike(db(), "Older kettle deal", {
      amazonAsin: "B0KETTLE01",
      createdAt: new Date(Date.now() - 200 * DAY),
    });
    const kettle = await insertDealLike(db(), "Steel kettle deal", {
      amazonAsin: "B0KETTLE01",
      createdAt: new Date(Date.now() - 40 * DAY),
    });
    fake.putReport({
      filename: "earnings-2026-11.csv",
      lastModified: new Date(Date.now() - DAY),
      content: csvReport([
        ["B0KETTLE01", "site-deals-20", shippedOn(3), 1, "49.99", "1.50"],
        ["B0KETTLE01", "site-guides-20", shippedOn(2), 2, "99.98", "3.00"],
        ["B0UNKNOWN1", "dealdash-20", shippedOn(2), 1, "20.00", "0.60"],
        ["NOT-AN-ASIN", "dealdash-20", shippedOn(2), 1, "20.00", "0.60"],
      ]),
    });
    // Another of the account's reports, and one changed before the days a run reads again.
    fake.putReport({
      filename: "orders-2026-11.csv",
      lastModified: new Date(Date.now() - DAY),
      content: "Category,Name,ASIN,Qty\nHome,Kettle,B0KETTLE01,1\n",
    });
    fake.putReport({
      filename: "earnings-2025-12.tsv.gz",
      lastModified: new Date(Date.now() - 300 * DAY),
      content: gzipSync(tsvReport([["B0KETTLE01", "site-deals-20", shippedOn(300), 1, "49.99", "9.99"]])),
    });
    const id = await addAmazonSource();
    const before = (await amazonUsageToday(db())).used;

    expect(await runDueEarningsSources(db(), context())).toMatchObject({ ran: 1, added: 3 });
    const [source] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(source!.lastCounts).toEqual({ added: 3, updated: 0, unchanged: 0, unattributed: 1, refused: 1 });
    expect(source!.lastError).toBe("Transactions left out: earnings-2026-11.csv line 6: no ASIN");
    // The newest deal with the ASIN earns (not the older one); the unknown product is kept, unattributed.
    expect(await amazonRows()).toEqual([
      {
        trackingId: "dealdash-20",
        itemId: null,
        kind: null,
        placement: null,
        commission: 0.6,
        saleAmount: 20,
        status: "approved",
        currency: "USD",
      },
      {
        trackingId: "site-deals-20",
        itemId: kettle.id,
        kind: "deal",
        placement: "deal-dashes",
        commission: 1.5,
        saleAmount: 49.99,
        status: "approved",
        currency: "USD",
      },
      {
        trackingId: "site-guides-20",
        itemId: kettle.id,
        kind: "deal",
        placement: "guide",
        commission: 3,
        saleAmount: 99.98,
        status: "approved",
        currency: "USD",
      },
    ]);
    expect((await amazonRows()).some((earning) => earning.itemId === older.id)).toBe(false);
    // ListReports and two GetReports (the earnings file and the other), counted against the day's requests.
    expect((await amazonUsageToday(db())).used - before).toBe(3);

    // Amazon rewrites the month's report: one more item shipped on a line, and a day's report as gzipped TSV
    // repeating a line already read.
    fake.putReport({
      filename: "earnings-2026-11.csv",
      lastModified: new Date(),
      content: csvReport([
        ["B0KETTLE01", "site-deals-20", shippedOn(3), 2, "99.98", "3.00"],
        ["B0KETTLE01", "site-guides-20", shippedOn(2), 2, "99.98", "3.00"],
        ["B0UNKNOWN1", "dealdash-20", shippedOn(2), 1, "20.00", "0.60"],
      ]),
    });
    fake.putReport({
      filename: "earnings-day.tsv.gz",
      lastModified: new Date(),
      content: gzipSync(tsvReport([["B0KETTLE01", "site-guides-20", shippedOn(2), 2, "99.98", "3.00"]])),
    });
    await db().update(earningsSources).set({ nextRunAt: new Date() }).where(eq(earningsSources.id, id));
    await runDueEarningsSources(db(), context());
    const [again] = await db().select().from(earningsSources).where(eq(earningsSources.id, id));
    expect(again!.lastCounts).toEqual({ added: 0, updated: 1, unchanged: 3, unattributed: 0, refused: 0 });
    expect((await amazonRows()).map((earning) => earning.commission)).toEqual([0.6, 3, 3]);
  });

  it("says why when no report is an earnings report, or Amazon refuses the account", async () => {
    await setUpAmazon();
    fake.putReport({ filename: "earnings-2026-11.csv", lastModified: new Date(0), content: "" });
    fake.putReport({ filename: "earnings-day.tsv.gz", lastModified: new Date(0), content: "" });
    const id = await addAmazonSource(30);
    await runDueEarningsSources(db(), context());
    const lastError = async () =>
      (await db().select().from(earningsSources).where(eq(earningsSources.id, id)))[0]!.lastError;
    expect(await lastError()).toBe("Amazon has 1 report from these days, none of them an earnings report");

    fake.failNext(400);
    await db().update(earningsSources).set({ nextRunAt: new Date() }).where(eq(earningsSources.id, id));
    await runDueEarningsSources(db(), context());
    expect(await lastError()).toMatch(/^Amazon refused the reports: /);
  });

  it("uploaded as downloaded, count each line once with the scheduled source's, refusals at their lines", async () => {
    await setUpAmazon();
    const kettle = await insertDealLike(db(), "Steel kettle deal", { amazonAsin: "B0KETTLE01" });
    const read: Line[] = [
      ["B0KETTLE01", "site-deals-20", shippedOn(3), 1, "49.99", "1.50"],
      ["B0UNKNOWN1", "dealdash-20", shippedOn(2), 1, "20.00", "0.60"],
    ];
    fake.putReport({ filename: "earnings-upload.csv", lastModified: new Date(), content: csvReport(read) });
    await addAmazonSource();
    await runDueEarningsSources(db(), context());
    expect(await amazonRows()).toHaveLength(2);

    const file = csvReport([
      ...read,
      ["B0KETTLE01", "site-guides-20", shippedOn(1), 1, "49.99", "1.50"],
      ["", "x", "", 1, "", ""],
    ]);
    expect(await inspectEarningsCsv(bytesOf(file))).toEqual({ format: "amazon" });
    const dry = await importAmazonEarningsCsv(db(), actor, bytesOf(file), { dryRun: true });
    expect(dry.counts).toEqual({ create: 1, update: 0, unchanged: 2, refuse: 1 });
    // The title line is line 1 and the header line 2: the fourth transaction is line 6.
    expect(dry.lines.find((line) => line.action === "refuse")).toMatchObject({ line: 6, reason: "no ASIN." });
    expect(await amazonRows()).toHaveLength(2);

    const done = await importAmazonEarningsCsv(db(), actor, bytesOf(file), { dryRun: false });
    expect(done.counts).toEqual(dry.counts);
    expect(
      (await amazonRows()).filter((earning) => earning.itemId === kettle.id).map((earning) => earning.placement),
    ).toEqual(["deal-dashes", "guide"]);
    await expect(
      importAmazonEarningsCsv(db(), actor, bytesOf("Date,Commission\n2026-11-01,1\n"), { dryRun: true }),
    ).rejects.toThrow("This is not Amazon's earnings report");
  });
});
