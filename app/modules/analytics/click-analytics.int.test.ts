import { randomUUID } from "node:crypto";

import { parse } from "csv-parse/sync";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import {
  clickDays,
  clickMonths,
  clicks,
  clickWeeks,
  clickWindows,
  coupons,
  deals,
  type giftIdeas,
  rollUpMarks,
} from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { clickOutType } from "#app/modules/catalogue/click-out.server";
import { adminPathOf, titleCase } from "#app/modules/content-types/words";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { addDays, dayOf, monthOf, readAnalyticsView } from "./analytics-view";
import { clickReport } from "./click-analytics.server";
import { clickReportCsv } from "./click-report-csv.server";
import { FACETS, rollUpClicks, WINDOWS } from "./click-roll-up.server";
import { labelled } from "./click-tables.server";
import { rollUpRecentClicks } from "./recent-clicks.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-06-15T12:00:00Z");
const TODAY = dayOf(NOW);

/** A repeatable sequence in [0, 1). */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type ClickRow = typeof clicks.$inferInsert;

/** `count` clicks over the `days` days before `until`, on demo deals and coupons, with every detail varied. */
async function addClicks(count: number, until: Date, days: number, seed: number): Promise<void> {
  const random = randomFrom(seed);
  const [dealRows, couponRows] = await Promise.all([
    db().select().from(deals).limit(8),
    db().select().from(coupons).limit(4),
  ]);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const rows: ClickRow[] = [];
  for (let i = 0; i < count; i++) {
    const coupon = random() < 0.3;
    const item = coupon ? pick(couponRows) : pick(dealRows);
    rows.push({
      kind: coupon ? "coupon" : "deal",
      itemId: item.id,
      action: coupon && random() < 0.5 ? "reveal" : "click",
      storeId: item.storeId,
      categoryId: "categoryId" in item ? item.categoryId : null,
      placement: pick(["deal-dashes", "deal-page", "guide", null]),
      referrerHost: pick(["www.google.com", "t.co", null]),
      device: pick(["phone", "tablet", "desktop", null]),
      createdAt: new Date(until.getTime() - Math.floor(random() * days * DAY)),
    });
  }
  for (let start = 0; start < rows.length; start += 500)
    await db()
      .insert(clicks)
      .values(rows.slice(start, start + 500));
}

const rawValue: Record<(typeof FACETS)[number], string> = {
  total: "''",
  item: "item_id::text",
  store: "coalesce(store_id::text, '')",
  "store-all": "coalesce(store_id::text, '')",
  category: "coalesce(category_id::text, '')",
  placement: "coalesce(placement, '')",
  referrer: "coalesce(referrer_host, '')",
  device: "coalesce(device, '')",
};

/** A store's clicks over every type are one row, of kind ''. */
const rawKind = (facet: (typeof FACETS)[number]) => (facet === "store-all" ? "''" : "kind");

type Counted = {
  facet: string;
  start?: string;
  days?: number;
  value: string;
  kind: string;
  action: string;
  clicks: number;
};
const key = (row: Counted) => [row.facet, row.start ?? row.days, row.value, row.kind, row.action].join("|");
type RolledUp = Record<"days" | "weeks" | "months" | "windows", Record<string, number>>;
const byKey = (rows: Counted[]) => Object.fromEntries(rows.map((row) => [key(row), Number(row.clicks)]));

/** What the roll-ups should hold, counted straight from the raw clicks. */
async function rawCounts(today: string): Promise<RolledUp> {
  const days: Counted[] = [];
  const periods: Record<"week" | "month", Counted[]> = { week: [], month: [] };
  const windows: Counted[] = [];
  for (const facet of FACETS) {
    const perDay = (await db().execute(
      sql.raw(`SELECT '${facet}' AS facet, (created_at AT TIME ZONE 'UTC')::date::text AS start, ${rawValue[facet]} AS value, ${rawKind(facet)} AS kind, action, count(*)::int AS clicks
        FROM clicks GROUP BY 2, 3, 4, 5`),
    )) as unknown as { rows: Counted[] };
    days.push(...perDay.rows);
    for (const period of ["week", "month"] as const) {
      const perPeriod = (await db().execute(
        sql.raw(`SELECT '${facet}' AS facet, date_trunc('${period}', (created_at AT TIME ZONE 'UTC')::date)::date::text AS start, ${rawValue[facet]} AS value,
          ${rawKind(facet)} AS kind, action, count(*)::int AS clicks FROM clicks GROUP BY 2, 3, 4, 5`),
      )) as unknown as { rows: Counted[] };
      periods[period].push(...perPeriod.rows);
    }
    for (const window of WINDOWS) {
      const inWindow = (await db().execute(
        sql.raw(`SELECT '${facet}' AS facet, ${window} AS days, ${rawValue[facet]} AS value, ${rawKind(facet)} AS kind, action, count(*)::int AS clicks FROM clicks
          WHERE (created_at AT TIME ZONE 'UTC')::date > '${today}'::date - ${window} AND (created_at AT TIME ZONE 'UTC')::date <= '${today}'::date GROUP BY 3, 4, 5`),
      )) as unknown as { rows: Counted[] };
      windows.push(...inWindow.rows);
    }
  }
  return { days: byKey(days), weeks: byKey(periods.week), months: byKey(periods.month), windows: byKey(windows) };
}

async function rolledUp(): Promise<RolledUp> {
  const [days, weeks, months, windows] = await Promise.all([
    db().select().from(clickDays),
    db().select().from(clickWeeks),
    db().select().from(clickMonths),
    db().select().from(clickWindows),
  ]);
  return {
    days: byKey(days as Counted[]),
    weeks: byKey(weeks as Counted[]),
    months: byKey(months as Counted[]),
    windows: byKey(windows as Counted[]),
  };
}

beforeEach(async () => {
  await db().delete(clicks);
  await db().delete(clickDays);
  await db().delete(clickWeeks);
  await db().delete(clickMonths);
  await db().delete(clickWindows);
  await db()
    .delete(rollUpMarks)
    .where(inArray(rollUpMarks.name, ["click-days", "click-windows"]));
});

describe("click roll-ups", () => {
  it("equal the raw counts per day, week, month and window for every facet, from the first run on", async () => {
    await addClicks(1_500, NOW, 120, 1);
    await rollUpClicks(db(), { now: NOW });
    const expected = await rawCounts(TODAY);
    const actual = await rolledUp();
    expect(Object.keys(actual.days).length).toBeGreaterThan(500);
    expect(actual).toEqual(expected);
  });

  it("stay equal as clicks arrive, days pass and clicks leave the windows", async () => {
    await addClicks(600, NOW, 40, 2);
    await rollUpClicks(db(), { now: NOW });
    // Later the same day, then the next day, then 35 days on: clicks arrive in between.
    const later = new Date(NOW.getTime() + 5 * HOUR);
    await addClicks(200, later, 5 / 24, 3);
    await rollUpClicks(db(), { now: later });
    expect(await rolledUp()).toEqual(await rawCounts(TODAY));

    const nextDay = new Date(NOW.getTime() + DAY);
    await addClicks(100, nextDay, 1, 4);
    await rollUpClicks(db(), { now: nextDay });
    expect(await rolledUp()).toEqual(await rawCounts(addDays(TODAY, 1)));

    const weeksLater = new Date(NOW.getTime() + 35 * DAY);
    await addClicks(50, weeksLater, 0.2, 5);
    await rollUpClicks(db(), { now: weeksLater });
    const expected = await rawCounts(addDays(TODAY, 35));
    expect(await rolledUp()).toEqual(expected);
    // Only the 90-day window still holds the first month's clicks.
    const windows = await db().select().from(clickWindows).where(eq(clickWindows.facet, "total"));
    expect(windows.filter((row) => row.days === 7).reduce((sum, row) => sum + row.clicks, 0)).toBe(50);
  });

  it("skip a run when nothing was clicked since the last one, and still count a click committed late", async () => {
    await addClicks(100, new Date(NOW.getTime() - HOUR), 0.4, 6);
    expect(await rollUpClicks(db(), { now: NOW })).toBe(1);
    expect(await rollUpClicks(db(), { now: new Date(NOW.getTime() + HOUR) })).toBe(0);
    // Stamped half a minute before the counted run, committed after it.
    const [deal] = await db().select().from(deals).limit(1);
    await db()
      .insert(clicks)
      .values({ kind: "deal", itemId: deal!.id, createdAt: new Date(NOW.getTime() - 30_000) });
    expect(await rollUpClicks(db(), { now: new Date(NOW.getTime() + 2 * HOUR) })).toBe(1);
    expect(await rolledUp()).toEqual(await rawCounts(TODAY));
  });
});

describe("the click report", () => {
  const kinds = ["deal", "coupon", "gift", "store"];

  it("adds up to the raw clicks in its range, for presets, custom ranges, a type and a store; its CSV totals equal the screen's", async () => {
    const now = new Date();
    await addClicks(800, now, 70, 6);
    await rollUpClicks(db(), { now });
    const today = dayOf(now);
    const rawTotal = async (from: string, where = "") => {
      const result = (await db().execute(
        sql.raw(
          `SELECT count(*)::int AS n FROM clicks WHERE action = 'click' AND created_at >= '${from}T00:00:00Z' ${where}`,
        ),
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };

    const month = await clickReport(db(), readAnalyticsView(new URLSearchParams(), today, kinds));
    expect(month.totals.clicks).toBe(await rawTotal(addDays(today, -29)));
    expect(month.totals.previous).toBe((await rawTotal(addDays(today, -59))) - month.totals.clicks);
    expect(month.tables.items.reduce((sum, row) => sum + row.clicks, 0)).toBe(month.totals.clicks);
    expect(month.tables.devices.map((row) => row.label).sort()).toEqual(["Desktop", "Phone", "Tablet", "Unknown"]);
    expect(month.tables.items[0]!.clicks).toBeGreaterThanOrEqual(month.tables.items.at(-1)!.clicks);
    expect(month.tables.items[0]!.href).toMatch(/^\/admin\/(deals|coupons)\/edit\//);

    // Days and weeks only; then a whole month with the weeks and days around it. Every device table's rows
    // are summed from the range's parts, so they add up to the range's raw clicks.
    const sumOf = (rows: Array<{ clicks: number }>) => rows.reduce((sum, row) => sum + row.clicks, 0);
    const from = addDays(today, -44);
    const custom = await clickReport(
      db(),
      readAnalyticsView(new URLSearchParams({ range: "custom", from, to: addDays(today, -10) }), today, kinds),
    );
    expect(custom.totals.clicks).toBe((await rawTotal(from)) - (await rawTotal(addDays(today, -9))));
    expect(custom.series).toHaveLength(35);
    expect(sumOf(custom.tables.devices)).toBe(custom.totals.clicks);
    const monthFrom = addDays(monthOf(addDays(today, -62)), -3);
    const withMonth = await clickReport(
      db(),
      readAnalyticsView(
        new URLSearchParams({ range: "custom", from: monthFrom, to: addDays(today, -2) }),
        today,
        kinds,
      ),
    );
    expect(withMonth.totals.clicks).toBe((await rawTotal(monthFrom)) - (await rawTotal(addDays(today, -1))));
    expect(sumOf(withMonth.tables.devices)).toBe(withMonth.totals.clicks);
    expect(sumOf(withMonth.tables.placements)).toBe(withMonth.totals.clicks);
    // Stores over every type (no type chosen) and over one type: one row per store either way.
    expect(sumOf(withMonth.tables.stores)).toBe(withMonth.totals.clicks);
    const dealsOnly = await clickReport(
      db(),
      readAnalyticsView(
        new URLSearchParams({ range: "custom", from: monthFrom, to: addDays(today, -2), kind: "deal" }),
        today,
        kinds,
      ),
    );
    expect(sumOf(dealsOnly.tables.stores)).toBe(dealsOnly.totals.clicks);
    expect(new Set(withMonth.tables.stores.map((row) => row.value)).size).toBe(withMonth.tables.stores.length);
    expect(sumOf(month.tables.stores)).toBe(month.totals.clicks);

    const [deal] = await db().select().from(deals).limit(1);
    const store = await clickReport(
      db(),
      readAnalyticsView(new URLSearchParams({ range: "90", store: deal!.storeId!, kind: "deal" }), today, kinds),
    );
    const storeRaw = await rawTotal(addDays(today, -89), `AND store_id = '${deal!.storeId}' AND kind = 'deal'`);
    expect(store.totals.clicks).toBe(storeRaw);
    expect(store.tables.items.reduce((sum, row) => sum + row.clicks, 0)).toBe(storeRaw);
    expect(store.tables.stores).toEqual([]);

    const csv = parse(clickReportCsv(month), { columns: true, bom: true }) as Array<Record<string, string>>;
    const dayRows = csv.filter((row) => row.Section === "By day");
    expect(dayRows).toHaveLength(30);
    expect(dayRows.reduce((sum, row) => sum + Number(row.Clicks), 0)).toBe(month.totals.clicks);
    expect(csv.find((row) => row.Section === "Total" && row.Name === "Clicks out")?.Clicks).toBe(
      String(month.totals.clicks),
    );
    expect(csv.filter((row) => row.Section === "Top items").map((row) => [row.Name, Number(row.Clicks)])).toEqual(
      month.tables.items.map((row) => [row.label, row.clicks]),
    );
  });

  it("counts clicks made since the last roll-up in its totals and line at once, and says when its tables were counted", async () => {
    const now = new Date();
    await addClicks(40, new Date(now.getTime() - HOUR), 3, 9);
    await rollUpClicks(db(), { now: new Date(now.getTime() - HOUR / 2) });
    const [deal] = await db().select().from(deals).limit(1);
    await db()
      .insert(clicks)
      .values(
        [0, 1, 2].map((i) => ({
          kind: "deal",
          itemId: deal!.id,
          storeId: deal!.storeId,
          // Milliseconds apart: all on the day of `now`, even just after midnight.
          createdAt: new Date(now.getTime() - i),
        })),
      );
    const today = dayOf(now);
    const report = await clickReport(
      db(),
      readAnalyticsView(new URLSearchParams({ range: "7" }), today, ["deal", "coupon", "gift", "store"]),
    );
    const raw = (await db().execute(sql`SELECT count(*)::int AS n FROM clicks WHERE action = 'click'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(report.totals.clicks).toBe(raw.rows[0]!.n);
    expect(report.series.at(-1)!.clicks).toBeGreaterThanOrEqual(3);
    expect(report.countedUntil?.getTime()).toBe(now.getTime() - HOUR / 2);
    // The tables wait for the next roll-up.
    expect(report.tables.items.reduce((sum, row) => sum + row.clicks, 0)).toBe(report.totals.clicks - 3);
  });

  it("lists a custom range's top items exactly, whether each day's most clicked prove it or every item is summed", async () => {
    const days = ["2026-03-01", "2026-03-02", "2026-03-03"];
    const range = readAnalyticsView(
      new URLSearchParams({ range: "custom", from: days[0]!, to: days[2]! }),
      TODAY,
      kinds,
    );
    const itemDays = (values: string[], clicksOf: (index: number, day: number) => number) =>
      days.flatMap((day, d) =>
        values.map((value, i) => ({
          facet: "item",
          start: day,
          value,
          kind: "deal",
          action: "click",
          clicks: clicksOf(i, d),
        })),
      );
    const expectExactTop = async () => {
      const summed = await db().execute(sql`
        SELECT value, sum(clicks)::int AS clicks FROM click_days WHERE facet = 'item' AND action = 'click' GROUP BY value ORDER BY clicks DESC, value LIMIT 50`);
      const report = await clickReport(db(), range);
      expect(report.tables.items.map((row) => [row.value, row.clicks])).toEqual(
        (summed as unknown as { rows: Array<{ value: string; clicks: number }> }).rows.map((row) => [
          row.value,
          row.clicks,
        ]),
      );
    };
    const ids = (count: number) => Array.from({ length: count }, () => randomUUID());

    // Sixty items clicked every day over a long tail of items clicked once: each day's top 100 settle it.
    const tail = ids(450);
    const hot = ids(60);
    const rows = [
      ...itemDays(hot, (i, d) => 5 + ((i * 7 + d) % 50)),
      ...days.flatMap((day, d) =>
        tail
          .slice(d * 150, d * 150 + 150)
          .map((value) => ({ facet: "item", start: day, value, kind: "deal", action: "click", clicks: 1 })),
      ),
    ];
    for (let start = 0; start < rows.length; start += 500)
      await db()
        .insert(clickDays)
        .values(rows.slice(start, start + 500));
    await expectExactTop();

    // 120 items tied every day: the top 100 of each day cannot prove the list, so every item is summed.
    await db().delete(clickDays);
    const tied = itemDays(ids(120), () => 2);
    for (let start = 0; start < tied.length; start += 500)
      await db()
        .insert(clickDays)
        .values(tied.slice(start, start + 500));
    await expectExactTop();
  });

  it.each(["deal", "coupon", "gift"])(
    "lists live items (%s) with no click-out in 30 days, and not a clicked one nor a draft",
    async (kind) => {
      const type = clickOutType(kind)!;
      const table = type.table as typeof deals | typeof coupons | typeof giftIdeas;
      const now = new Date();
      const unclicked = async () => {
        // Each type's rows keep their own count of recent clicks (recent-clicks.server.ts); the server
        // forgets the kept list when told content changed.
        await rollUpRecentClicks(db(), { now });
        forgetContentMemos();
        return (await clickReport(db(), readAnalyticsView(new URLSearchParams({ kind }), dayOf(now), kinds))).unclicked;
      };
      const before = await unclicked();
      expect(before.counts).toHaveLength(1);
      const [clicked, drafted] = before.rows;
      await db().insert(clicks).values({ kind, itemId: clicked!.value, createdAt: now });
      await db().update(table).set({ status: "draft" }).where(eq(table.id, drafted!.value));
      const after = await unclicked();
      await db().update(table).set({ status: "published" }).where(eq(table.id, drafted!.value));
      expect(after.counts[0]!.count).toBe(before.counts[0]!.count - 2);
      expect(after.rows.map((row) => row.value)).not.toContain(clicked!.value);
      expect(after.rows.map((row) => row.value)).not.toContain(drafted!.value);
      expect(after.rows[0]).toMatchObject({
        kind: titleCase(type.noun.one),
        href: `${adminPathOf(type)}/edit/${after.rows[0]!.value}`,
      });
    },
  );
});

describe("a report's item rows", () => {
  it("name an item that is gone by its type: 'Deleted gift idea', not a bare 'Deleted item · gift'", async () => {
    const [deal] = await db().select().from(deals).limit(1);
    const rows = await labelled(db(), "items", [
      { kind: "deal", value: deal!.id, clicks: 5 },
      { kind: "gift", value: randomUUID(), clicks: 3 },
    ]);
    expect(rows[0]).toMatchObject({ label: deal!.title, kind: "Deal" });
    expect(rows[1]).toMatchObject({ clicks: 3, label: "Deleted gift idea", kind: "Gift Idea" });
  });
});

describe("a report's referrers", () => {
  it("name the site's own host as its own pages, and a click without a referrer as direct", async () => {
    const [deal] = await db().select().from(deals).limit(1);
    await db()
      .insert(clicks)
      .values(
        ["deals.example.com", "deals.example.com", "www.google.com", null].map((referrerHost) => ({
          kind: "deal",
          itemId: deal!.id,
          storeId: deal!.storeId,
          referrerHost,
          createdAt: new Date(NOW.getTime() - HOUR),
        })),
      );
    await rollUpClicks(db(), { now: NOW });
    const view = readAnalyticsView(new URLSearchParams(), TODAY, ["deal", "coupon", "gift", "store"]);
    const labels = async (siteHost?: string) =>
      (await clickReport(db(), view, { siteHost })).tables.referrers.map((row) => `${row.label}: ${row.clicks}`).sort();
    expect(await labels("deals.example.com")).toEqual([
      "Direct or unknown: 1",
      "This site's own pages: 2",
      "www.google.com: 1",
    ]);
    expect(await labels()).toContain("deals.example.com: 2");
  });
});
