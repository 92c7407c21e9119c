import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { queryRows } from "#app/db/client.server";
import { clicks, coupons, deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { convertEarnings, setFixedRate } from "#app/modules/earnings/currency-rates.server";
import { type EarningStatus, importEarnings, type ReportedEarning } from "#app/modules/earnings/earnings-import.server";

import { actor, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { addDays, type AnalyticsView, dayOf, readAnalyticsView } from "./analytics-view";
import { clickReport, withoutRevenue } from "./click-analytics.server";
import { clickReportCsv } from "./click-report-csv.server";
import { rollUpClicks } from "./click-roll-up.server";

// Earnings in the click report, against the raw transactions: for any range, type and store, the report's
// earnings are the sum of the commissions not declined and converted into the site's currency (US dollars
// here), to the cent, and its sales their count; re-imports that decline, move or attribute a transaction
// change them as they change the rows.

const database = testDatabasePerFile(async (t) => {
  await seedDemoContent(t.db);
  await insertActor(t.db);
});
const db = () => database().db;

const DAY = 86_400_000;
const now = new Date();
const today = dayOf(now);
const kinds = ["deal", "coupon", "gift", "store"];

/** A repeatable sequence in [0, 1). */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const STATUSES: EarningStatus[] = ["pending", "approved", "declined", "paid"];

/**
 * `count` transactions over the last 100 days: most name one of the clicks (a deal's or a coupon's, with
 * every placement and referrer), some name nothing of ours; in dollars, euros (a fixed rate) and pounds
 * (no rate: waiting), commissions of any cents, a few negative (a network's correction).
 */
async function reportedEarnings(count: number, seed: number, prefix = "t"): Promise<ReportedEarning[]> {
  const random = randomFrom(seed);
  const clickIds = (await db().select({ id: clicks.id }).from(clicks)).map((row) => row.id);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, (_, index) => ({
    externalId: `${prefix}${index}`,
    status: pick(STATUSES),
    saleAmount: Math.round(random() * 100_000) / 100,
    commission: (random() < 0.05 ? -1 : 1) * (Math.round(random() * 5_000) / 100),
    currency: pick(["USD", "USD", "USD", "EUR", "GBP"]),
    transactedAt: new Date(now.getTime() - Math.floor(random() * 100 * DAY)),
    clickedAt: null,
    subId: random() < 0.85 ? pick(clickIds) : `not-ours-${index}`,
  }));
}

async function addClicks(count: number, seed: number): Promise<void> {
  const random = randomFrom(seed);
  const [dealRows, couponRows] = await Promise.all([
    db().select().from(deals).limit(6),
    db().select().from(coupons).limit(3),
  ]);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const rows = Array.from({ length: count }, () => {
    const coupon = random() < 0.3;
    const item = coupon ? pick(couponRows) : pick(dealRows);
    return {
      kind: coupon ? "coupon" : "deal",
      itemId: item.id,
      storeId: item.storeId,
      categoryId: "categoryId" in item ? item.categoryId : null,
      placement: pick(["deal-dashes", "deal-page", "guide", null]),
      referrerHost: pick(["www.google.com", "t.co", null]),
      createdAt: new Date(now.getTime() - Math.floor(random() * 100 * DAY)),
    };
  });
  await db().insert(clicks).values(rows);
}

/** The sales and cents the report should show for a view (and one facet value), summed from the raw rows. */
async function rawSales(
  view: Pick<AnalyticsView, "from" | "to" | "kind" | "store">,
  where = sql``,
): Promise<{ sales: number; cents: number }> {
  const [row] = await queryRows<{ sales: number; cents: number }>(
    db(),
    sql`
      SELECT count(*)::int AS sales,
        coalesce(sum(round(site_commission * 100)) FILTER (WHERE site_currency = 'USD'), 0)::float8 AS cents
      FROM earnings
      WHERE status <> 'declined' AND transacted_at >= ${`${view.from}T00:00:00Z`}::timestamptz
        AND transacted_at < ${`${addDays(view.to, 1)}T00:00:00Z`}::timestamptz
        ${view.kind ? sql`AND kind = ${view.kind}` : sql``} ${view.store ? sql`AND store_id = ${view.store}::uuid` : sql``}
        ${where}`,
  );
  return row!;
}

const viewArbitrary = fc.record({
  range: fc.constantFrom("7", "30", "90", "custom"),
  start: fc.integer({ min: 0, max: 120 }),
  length: fc.integer({ min: 1, max: 110 }),
  kind: fc.constantFrom(null, "deal", "coupon"),
  store: fc.boolean(),
});

/** Every figure the report shows of earnings equals the raw rows', for generated views. */
async function expectReportEqualsRawRows(storeIds: string[], runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(viewArbitrary, fc.nat(), async (generated, storeIndex) => {
      const search = new URLSearchParams({ range: generated.range });
      if (generated.range === "custom") {
        search.set("to", addDays(today, -generated.start));
        search.set("from", addDays(today, -generated.start - generated.length + 1));
      }
      if (generated.kind) search.set("kind", generated.kind);
      if (generated.store) search.set("store", storeIds[storeIndex % storeIds.length]!);
      const view = readAnalyticsView(search, today, kinds);
      expect(view.errors).toEqual({});
      const report = await clickReport(db(), view);

      const raw = await rawSales(view);
      expect({ sales: report.totals.sales, cents: report.totals.cents }).toEqual(raw);
      const unattributed =
        view.kind || view.store ? { sales: 0, cents: 0 } : await rawSales(view, sql`AND click_id IS NULL`);
      expect(report.totals.unattributed).toEqual(unattributed);
      const previousFrom = addDays(view.from, -view.days);
      expect(report.totals.previousCents).toBe(
        (await rawSales({ ...view, from: previousFrom, to: addDays(view.from, -1) })).cents,
      );
      // The line by day, and each item's and placement's row.
      const day = report.series[Math.floor(report.series.length / 2)]!;
      expect(day.cents).toBe((await rawSales({ ...view, from: day.day, to: day.day })).cents);
      for (const row of report.tables.items.slice(0, 3))
        expect({ sales: row.sales, cents: row.cents }).toEqual(
          await rawSales(view, sql`AND item_id = ${row.value}::uuid`),
        );
      for (const row of report.tables.placements)
        expect({ sales: row.sales, cents: row.cents }).toEqual(
          await rawSales(view, sql`AND coalesce(placement, '') = ${row.value} AND click_id IS NOT NULL`),
        );
    }),
    { numRuns: runs, seed: 36 },
  );
}

/** Clicks and a network's transactions on them, converted and rolled up; returns the stores that earned. */
async function clicksAndEarnings(): Promise<string[]> {
  await addClicks(1_200, 1);
  await setFixedRate(db(), "EUR", 1.0837, actor);
  await importEarnings(db(), "awin", await reportedEarnings(700, 2));
  await convertEarnings(db());
  await rollUpClicks(db(), { now });
  const stores = await queryRows<{ id: string }>(
    db(),
    sql`SELECT DISTINCT store_id::text AS id FROM earnings WHERE store_id IS NOT NULL`,
  );
  return stores.map((row) => row.id);
}

describe("earnings in the click report", () => {
  it("equal the raw transactions to the cent for any range, type and store", async () => {
    const storeIds = await clicksAndEarnings();
    const all = await rawSales({ from: addDays(today, -120), to: today, kind: null, store: null });
    expect(all.sales).toBeGreaterThan(400);
    await expectReportEqualsRawRows(storeIds, 40);
  });

  it("follow re-imports that decline, move and attribute transactions, and a rate set later", async () => {
    const storeIds = await clicksAndEarnings();
    const again = (await reportedEarnings(700, 2)).map((earning, index) => ({
      ...earning,
      status: index % 4 === 0 ? ("declined" as const) : earning.status,
      // Some move to another day, some name no click any more than before, some are found now.
      transactedAt: index % 9 === 0 ? new Date(earning.transactedAt.getTime() - 3 * DAY) : earning.transactedAt,
    }));
    const clickId = (await db().select({ id: clicks.id }).from(clicks).limit(1))[0]!.id;
    const found = again.map((earning) =>
      earning.subId?.startsWith("not-ours-1") ? { ...earning, subId: clickId } : earning,
    );
    await importEarnings(db(), "awin", found);
    await setFixedRate(db(), "GBP", 1.2611, actor);
    await convertEarnings(db());
    await rollUpClicks(db(), { now });
    await expectReportEqualsRawRows(storeIds, 20);
  });

  it("lists earnings by day, the totals and each row's sales in the CSV as on the screen", async () => {
    await clicksAndEarnings();
    const report = await clickReport(db(), readAnalyticsView(new URLSearchParams({ range: "90" }), today, kinds));
    const csv = parse(clickReportCsv(report), { columns: true, bom: true }) as Array<Record<string, string>>;
    const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);
    const days = csv.filter((row) => row.Section === "By day");
    expect(days.map((row) => cents(row.Earnings))).toEqual(report.series.map((point) => point.cents));
    // Each day's sales too, and what they make of its clicks, as the totals' row has them.
    expect(days.map((row) => Number(row.Sales))).toEqual(report.series.map((point) => point.sales));
    expect(days.reduce((sum, row) => sum + Number(row.Sales), 0)).toBe(report.totals.sales);
    const sold = report.series.find((point) => point.sales > 0 && point.clicks > 0)!;
    expect(days.find((row) => row.Name === sold.day)!["Conversion rate"]).toBe(
      `${(((sold.sales - sold.unattributedSales) / sold.clicks) * 100).toFixed(2)}%`,
    );
    const total = csv.find((row) => row.Section === "Total" && row.Name === "Clicks out")!;
    expect([Number(total.Sales), cents(total.Earnings)]).toEqual([report.totals.sales, report.totals.cents]);
    expect(cents(csv.find((row) => row.Name === "Unattributed")?.Earnings)).toBe(report.totals.unattributed.cents);
    expect(
      csv.filter((row) => row.Section === "Top items").map((row) => [row.Name, Number(row.Sales), cents(row.Earnings)]),
    ).toEqual(report.tables.items.map((row) => [row.label, row.sales, row.cents]));
  });

  it("gives a role without revenue the same clicks and no amount or sale, on the page or in the CSV", async () => {
    await clicksAndEarnings();
    const full = await clickReport(db(), readAnalyticsView(new URLSearchParams({ range: "90" }), today, kinds));
    expect(full.totals.cents).toBeGreaterThan(0);
    const report = withoutRevenue(full);
    expect(report.totals.clicks).toBe(full.totals.clicks);
    expect(report.series.map((point) => point.clicks)).toEqual(full.series.map((point) => point.clicks));
    const amounts = JSON.stringify(report).match(/"(cents|previousCents|sales)":[1-9]/g);
    expect(amounts).toBeNull();
    expect(report.tables.items.every((row) => row.sales === undefined && row.cents === undefined)).toBe(true);
    const [header] = parse(clickReportCsv(report), { bom: true }) as string[][];
    expect(header).toEqual(["Section", "Name", "Type", "Clicks", "Previous period"]);
  });
});

describe("the lists of what earns per click and what never earned", () => {
  it("rank items by earnings per click over at least 10 clicks, and list clicked items that earned nothing", async () => {
    const [steady, rare, idle, lucky] = await db().select().from(deals).limit(4);
    const clicksOn = async (deal: typeof steady, count: number) => {
      const rows = await db()
        .insert(clicks)
        .values(
          Array.from({ length: count }, (_, index) => ({
            kind: "deal",
            itemId: deal!.id,
            storeId: deal!.storeId,
            createdAt: new Date(now.getTime() - (index + 1) * 3_600_000),
          })),
        )
        .returning({ id: clicks.id });
      return rows.map((row) => row.id);
    };
    const sale = (id: string, subId: string, commission: number, status: EarningStatus = "approved") => ({
      externalId: id,
      status,
      saleAmount: null,
      commission,
      currency: "USD",
      transactedAt: new Date(now.getTime() - DAY),
      clickedAt: null,
      subId,
    });
    const steadyClicks = await clicksOn(steady, 12);
    const rareClicks = await clicksOn(rare, 10);
    const idleClicks = await clicksOn(idle, 11);
    const luckyClicks = await clicksOn(lucky, 3);
    await importEarnings(db(), "cj", [
      sale("s1", steadyClicks[0]!, 10),
      sale("s2", steadyClicks[1]!, 10),
      sale("r1", rareClicks[0]!, 50),
      // Declined: the idle deal still never earned.
      sale("i1", idleClicks[0]!, 80, "declined"),
      sale("l1", luckyClicks[0]!, 100),
    ]);
    await convertEarnings(db());
    await rollUpClicks(db(), { now });

    const { earning } = await clickReport(db(), readAnalyticsView(new URLSearchParams(), today, kinds));
    expect(earning.any).toBe(true);
    // $50 over 10 clicks, then $20 over 12; the lucky deal's 3 clicks are too few to say.
    expect(earning.mostPerClick.map((row) => [row.label, row.clicks, row.sales, row.cents])).toEqual([
      [rare!.title, 10, 1, 5_000],
      [steady!.title, 12, 2, 2_000],
    ]);
    expect(earning.neverEarned.map((row) => [row.label, row.clicks])).toEqual([[idle!.title, 11]]);
  });

  it("say nothing of earnings until a transaction is imported", async () => {
    await addClicks(50, 3);
    await rollUpClicks(db(), { now });
    const { earning } = await clickReport(db(), readAnalyticsView(new URLSearchParams(), today, kinds));
    expect(earning).toMatchObject({ any: false, mostPerClick: [] });
  });
});
