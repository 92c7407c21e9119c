import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import { readSiteMoney } from "#app/modules/site-settings/money.server";

import { addDays, type AnalyticsView, daysOf, previousPeriod, type ReportRow } from "./analytics-view";
import {
  type Counted,
  type OneRowFacet,
  rangeRows,
  readsOf,
  salesOverRange,
  TOP_ROWS,
  topOverRange,
} from "./click-range-tops.server";
import { countedUntil, type Facet, saleCents } from "./click-roll-up.server";
import { labelled, tableFacets, type TableKey } from "./click-tables.server";
import { type EarningLists, earningListsOf } from "./earning-lists.server";
import { type UnclickedItems, unclickedOf } from "./unclicked-items.server";

// The click report for one view, with what the clicks earned. Everything is read from the roll-ups
// (`click_windows` for the preset ranges, `click_months`, `click_weeks` and `click_days` for a custom one;
// sales are their action 'sale'), except a view filtered by one store, which counts that store's raw
// clicks and transactions over the range through `clicks (store_id, created_at)` and
// `earnings (store_id, transacted_at)`.

/** Sales (transactions not declined) and their commission in cents of the site's currency. */
export interface SaleFigures {
  sales: number;
  cents: number;
}

export interface ClickReport {
  /** Whether it carries earnings: revenue is the owner's (a copy for an editor has none: withoutRevenue). */
  revenue: boolean;
  /** What the roll-ups (the tables) are counted up to; the totals and the line add clicks since, as they come. */
  countedUntil: Date | null;
  /** Per day: clicks and earnings (cents), and those of the day as far into the previous period. */
  /** Each day's clicks and the previous period's; its sales (those naming no click among them) and earnings. */
  series: Array<{
    day: string;
    clicks: number;
    previous: number;
    sales: number;
    unattributedSales: number;
    cents: number;
    previousCents: number;
  }>;
  totals: SaleFigures & {
    clicks: number;
    previous: number;
    reveals: number;
    previousCents: number;
    /** The sales naming no item of ours (by click or product), in the range (a view of one type or store has none). */
    unattributed: SaleFigures;
  };
  tables: Record<TableKey, ReportRow[]>;
  unclicked: UnclickedItems;
  earning: EarningLists;
}

/** A raw click's value for a facet (what `click_days` keeps), for the store-filtered view. */
const rawValue: Record<Facet, SQL> = {
  total: sql`''`,
  item: sql`item_id::text`,
  store: sql`coalesce(store_id::text, '')`,
  "store-all": sql`coalesce(store_id::text, '')`,
  category: sql`coalesce(category_id::text, '')`,
  placement: sql`coalesce(placement, '')`,
  referrer: sql`coalesce(referrer_host, '')`,
  device: sql`coalesce(device, '')`,
};

const startOf = (day: string) => `${day}T00:00:00Z`;

/**
 * The facet a view's top list reads one row per value from: items, a store's clicks on the chosen type, or
 * (no type chosen) its clicks on every type; null for the facets summed over their types.
 */
function oneRowFacet(view: AnalyticsView, facet: Facet): OneRowFacet | null {
  if (facet === "item") return "item";
  if (facet === "store") return view.kind ? "store" : "store-all";
  return null;
}

/** The top values of a facet in the view, most clicks first (an item is a value of one kind). */
async function topOf(db: Executor, view: AnalyticsView, facet: Facet, action: string): Promise<Counted[]> {
  const kind = view.kind ? sql`AND kind = ${view.kind}` : sql``;
  if (view.store) {
    const kindColumn = facet === "item" ? sql`kind` : sql`''`;
    return rowsOf<Counted>(
      await db.execute(sql`
        SELECT ${rawValue[facet]} AS value, ${kindColumn} AS kind, count(*)::int AS clicks FROM clicks
        WHERE store_id = ${view.store}::uuid AND created_at >= ${startOf(view.from)}::timestamptz AND created_at < ${startOf(addDays(view.to, 1))}::timestamptz
          AND action = ${action} ${kind}
        GROUP BY 1, 2 ORDER BY clicks DESC, value LIMIT ${TOP_ROWS}`),
    );
  }
  const oneRow = oneRowFacet(view, facet);
  if (oneRow && view.preset !== null) {
    // One row per value already: the top is read straight off the windows' index (in its order, NULLS LAST).
    return rowsOf<Counted>(
      await db.execute(sql`
        SELECT value, kind, clicks FROM click_windows
        WHERE days = ${view.preset} AND facet = ${oneRow} AND action = ${action} ${kind}
        ORDER BY clicks DESC NULLS LAST, value LIMIT ${TOP_ROWS}`),
    );
  }
  if (oneRow) {
    const top = await topOverRange(db, view, oneRow, action);
    if (top) return top;
  }
  const read = oneRow ?? facet;
  const source =
    view.preset !== null
      ? sql`(SELECT value, kind, clicks FROM click_windows WHERE days = ${view.preset} AND facet = ${read} AND action = ${action} ${kind})`
      : sql`(${rangeRows(readsOf(view), read, action, kind)})`;
  // Rows of one value per type are summed into the value, except items (an item's kind names its type).
  const [grouping, kindColumn] = facet === "item" ? [sql`value, kind`, sql`kind`] : [sql`value`, sql`''`];
  return rowsOf<Counted>(
    await db.execute(sql`
      SELECT value, ${kindColumn} AS kind, sum(clicks)::int AS clicks FROM ${source} AS r
      GROUP BY ${grouping} ORDER BY clicks DESC, value LIMIT ${TOP_ROWS}`),
  );
}

/**
 * Clicks and sales per day over the view and the period before it: the roll-ups, plus the raw clicks since
 * they were counted (a minute's worth, normally: read off `clicks (created_at)`), so a click out shows at once.
 */
async function seriesOf(
  db: Executor,
  view: AnalyticsView,
  since: Date | undefined,
): Promise<Pick<ClickReport, "series" | "totals">> {
  const previous = previousPeriod(view);
  const [facet, value] = view.store ? ["store", view.store] : ["total", ""];
  const kind = view.kind ? sql`AND kind = ${view.kind}` : sql``;
  type DayRow = {
    day: string;
    action: string;
    clicks: number;
    cents: number;
    unattributed?: number;
    unattributedCents?: number;
  };
  const [counted, uncounted] = await Promise.all([
    db.execute(sql`
      SELECT day::text AS day, action, sum(clicks)::int AS clicks, sum(cents)::float8 AS cents,
        coalesce(sum(cents) FILTER (WHERE kind = ''), 0)::float8 AS "unattributedCents",
        coalesce(sum(clicks) FILTER (WHERE kind = ''), 0)::int AS unattributed
      FROM click_days
      WHERE facet = ${facet} AND day >= ${previous.from}::date AND day <= ${view.to}::date AND value = ${value} ${kind}
      GROUP BY day, action`),
    since
      ? db.execute(sql`
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, action, count(*)::int AS clicks, 0 AS cents FROM clicks
          WHERE created_at > ${since} AND created_at >= ${startOf(view.from)}::timestamptz AND created_at < ${startOf(addDays(view.to, 1))}::timestamptz
            ${view.store ? sql`AND store_id = ${view.store}::uuid` : sql``} ${kind}
          GROUP BY 1, 2`)
      : undefined,
  ]);
  const rows = [...rowsOf<DayRow>(counted), ...(uncounted ? rowsOf<DayRow>(uncounted) : [])];
  const clicksOn = new Map<string, number>();
  const centsOn = new Map<string, number>();
  const salesOn = new Map<string, number>();
  const unattributedOn = new Map<string, number>();
  let reveals = 0;
  let sales = 0;
  const unattributed = { sales: 0, cents: 0 };
  for (const row of rows) {
    if (row.action === "click") clicksOn.set(row.day, (clicksOn.get(row.day) ?? 0) + row.clicks);
    else if (row.action === "sale") {
      centsOn.set(row.day, row.cents);
      salesOn.set(row.day, row.clicks);
      unattributedOn.set(row.day, row.unattributed ?? 0);
    }
    if (row.day < view.from) continue;
    if (row.action === "reveal") reveals += row.clicks;
    if (row.action === "sale") {
      sales += row.clicks;
      unattributed.sales += row.unattributed ?? 0;
      unattributed.cents += row.unattributedCents ?? 0;
    }
  }
  const series = daysOf(view.from, view.to).map((day, index) => {
    const before = addDays(previous.from, index);
    return {
      day,
      clicks: clicksOn.get(day) ?? 0,
      previous: clicksOn.get(before) ?? 0,
      sales: salesOn.get(day) ?? 0,
      unattributedSales: unattributedOn.get(day) ?? 0,
      cents: centsOn.get(day) ?? 0,
      previousCents: centsOn.get(before) ?? 0,
    };
  });
  const sum = (pick: (point: (typeof series)[number]) => number) =>
    series.reduce((total, point) => total + pick(point), 0);
  return {
    series,
    totals: {
      clicks: sum((point) => point.clicks),
      previous: sum((point) => point.previous),
      reveals,
      sales,
      cents: sum((point) => point.cents),
      previousCents: sum((point) => point.previousCents),
      unattributed,
    },
  };
}

/**
 * The sales of each counted value over the view, in its order: from the sales roll-ups (summed over types
 * but for items), or for a store's view from its raw transactions.
 */
async function salesOf(
  db: Executor,
  view: AnalyticsView,
  facet: Facet,
  counted: Counted[],
  currency: string,
): Promise<SaleFigures[]> {
  if (counted.length === 0) return [];
  const read = oneRowFacet(view, facet) ?? facet;
  const rows = rowsOf<Counted & { cents: number }>(
    await db.execute(
      view.preset === null && !view.store
        ? salesOverRange(readsOf(view), read, counted, view.kind, facet === "item")
        : listedSales(view, facet, read, counted, currency),
    ),
  );
  const figures = new Map(rows.map((row) => [`${row.kind}:${row.value}`, { sales: row.clicks, cents: row.cents }]));
  return counted.map(
    (row) => figures.get(`${facet === "item" ? row.kind : ""}:${row.value}`) ?? { sales: 0, cents: 0 },
  );
}

/** The listed values' sales in a preset's windows, or for a store's view from its raw transactions. */
function listedSales(view: AnalyticsView, facet: Facet, read: Facet, counted: Counted[], currency: string): SQL {
  const kind = view.kind ? sql`AND kind = ${view.kind}` : sql``;
  const source = view.store
    ? sql`SELECT ${rawValue[facet]} AS value, kind, 1 AS clicks, ${saleCents(currency)} AS cents FROM earnings
        WHERE store_id = ${view.store}::uuid AND transacted_at >= ${startOf(view.from)}::timestamptz
          AND transacted_at < ${startOf(addDays(view.to, 1))}::timestamptz AND status <> 'declined' ${kind}`
    : sql`SELECT value, kind, clicks, cents FROM click_windows WHERE days = ${view.preset} AND facet = ${read} AND action = 'sale' ${kind}`;
  const [grouping, kindColumn] = facet === "item" ? [sql`value, kind`, sql`kind`] : [sql`value`, sql`''`];
  return sql`
    SELECT value, ${kindColumn} AS kind, sum(clicks)::int AS clicks, sum(cents)::float8 AS cents FROM (${source}) AS r
    WHERE value IN (${sql.join(
      counted.map((row) => sql`${row.value}`),
      sql`, `,
    )})
    GROUP BY ${grouping}`;
}

/** A table's rows, labelled, with their sales where earnings know the facet (not devices or code reveals). */
async function tableOf(
  db: Executor,
  view: AnalyticsView,
  key: TableKey,
  currency: string,
  siteHost: string | undefined,
): Promise<ReportRow[]> {
  const { facet, action } = tableFacets[key];
  const top = await topOf(db, view, facet, action);
  const [rows, sales] = await Promise.all([
    labelled(db, key, top, siteHost),
    action === "click" && facet !== "device" ? salesOf(db, view, facet, top, currency) : undefined,
  ]);
  return sales ? rows.map((row, index) => ({ ...row, ...sales[index] })) : rows;
}

/** Everything the analytics page and its CSV show for a view; `siteHost` names the site's own pages as a referrer. */
export async function clickReport(
  db: Executor,
  view: AnalyticsView,
  { siteHost }: { siteHost?: string } = {},
): Promise<ClickReport> {
  const keys = (Object.keys(tableFacets) as TableKey[]).filter((key) => !(view.store && key === "stores"));
  const [since, { currency }] = await Promise.all([countedUntil(db), readSiteMoney(db)]);
  const [timeline, unclicked, earning, ...tables] = await Promise.all([
    seriesOf(db, view, since),
    unclickedOf(db, view.kind),
    earningListsOf(db, view.kind),
    ...keys.map(async (key) => [key, await tableOf(db, view, key, currency, siteHost)] as const),
  ]);
  const empty: Record<TableKey, ReportRow[]> = {
    items: [],
    stores: [],
    categories: [],
    placements: [],
    referrers: [],
    devices: [],
    reveals: [],
  };
  return {
    revenue: true,
    countedUntil: since ?? null,
    ...timeline,
    tables: { ...empty, ...Object.fromEntries(tables) },
    unclicked,
    earning,
  };
}

/**
 * A copy of a report without earnings, for a role that may not see revenue: every amount and sale is left
 * out of what the page or its CSV receives, not hidden by them.
 */
export function withoutRevenue(report: ClickReport): ClickReport {
  const clicksOnly = ({ sales: _sales, cents: _cents, ...row }: ReportRow): ReportRow => row;
  const none = { sales: 0, cents: 0 };
  return {
    ...report,
    revenue: false,
    series: report.series.map((point) => ({ ...point, sales: 0, unattributedSales: 0, cents: 0, previousCents: 0 })),
    totals: { ...report.totals, ...none, previousCents: 0, unattributed: none },
    tables: Object.fromEntries(
      Object.entries(report.tables).map(([key, rows]) => [key, rows.map(clicksOnly)]),
    ) as ClickReport["tables"],
    earning: { any: false, mostPerClick: [], neverEarned: [] },
  };
}

/** The dashboard's summary (every role's): clicks per day over the last 30 days and the five most clicked items. */
export async function clickSummary(
  db: Executor,
  today: string,
): Promise<{ series: Array<{ day: string; clicks: number; previous: number }>; total: number; top: ReportRow[] }> {
  const view: AnalyticsView = {
    from: addDays(today, -29),
    to: today,
    days: 30,
    preset: 30,
    kind: null,
    store: null,
    errors: {},
  };
  const [timeline, top] = await Promise.all([
    seriesOf(db, view, await countedUntil(db)),
    topOf(db, view, "item", "click"),
  ]);
  return {
    series: timeline.series.map(({ day, clicks, previous }) => ({ day, clicks, previous })),
    total: timeline.totals.clicks,
    top: await labelled(db, "items", top.slice(0, 5)),
  };
}
