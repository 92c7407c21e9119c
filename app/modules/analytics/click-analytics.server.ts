import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";

import { addDays, type AnalyticsView, daysOf, previousPeriod, type ReportRow } from "./analytics-view";
import { type Counted, type OneRowFacet, rangeRows, readsOf, TOP_ROWS, topOverRange } from "./click-range-tops.server";
import { countedUntil, type Facet } from "./click-roll-up.server";
import { labelled, tableFacets, type TableKey } from "./click-tables.server";
import { type UnclickedItems, unclickedOf } from "./unclicked-items.server";

// The click report for one view. Everything is read from the roll-ups (`click_windows` for the preset
// ranges, `click_months`, `click_weeks` and `click_days` for a custom one), except a view filtered by one store, which counts that store's
// raw clicks over the range through `clicks (store_id, created_at)`.

export interface ClickReport {
  /** What the roll-ups (the tables) are counted up to; the totals and the line add clicks since, as they come. */
  countedUntil: Date | null;
  series: Array<{ day: string; clicks: number; previous: number }>;
  totals: { clicks: number; previous: number; reveals: number };
  tables: Record<TableKey, ReportRow[]>;
  unclicked: UnclickedItems;
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
 * Clicks per day and action over the view and the period before it: the roll-ups, plus the raw clicks since
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
  const [counted, uncounted] = await Promise.all([
    db.execute(sql`
      SELECT day::text AS day, action, sum(clicks)::int AS clicks FROM click_days
      WHERE facet = ${facet} AND day >= ${previous.from}::date AND day <= ${view.to}::date AND value = ${value} ${kind}
      GROUP BY day, action`),
    since
      ? db.execute(sql`
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, action, count(*)::int AS clicks FROM clicks
          WHERE created_at > ${since} AND created_at >= ${startOf(view.from)}::timestamptz AND created_at < ${startOf(addDays(view.to, 1))}::timestamptz
            ${view.store ? sql`AND store_id = ${view.store}::uuid` : sql``} ${kind}
          GROUP BY 1, 2`)
      : undefined,
  ]);
  const rows = [
    ...rowsOf<{ day: string; action: string; clicks: number }>(counted),
    ...(uncounted ? rowsOf<{ day: string; action: string; clicks: number }>(uncounted) : []),
  ];
  const clicksOn = new Map<string, number>();
  let reveals = 0;
  for (const row of rows) {
    if (row.action === "click") clicksOn.set(row.day, (clicksOn.get(row.day) ?? 0) + row.clicks);
    else if (row.day >= view.from) reveals += row.clicks;
  }
  const series = daysOf(view.from, view.to).map((day, index) => ({
    day,
    clicks: clicksOn.get(day) ?? 0,
    previous: clicksOn.get(addDays(previous.from, index)) ?? 0,
  }));
  const sum = (pick: (point: (typeof series)[number]) => number) =>
    series.reduce((total, point) => total + pick(point), 0);
  return {
    series,
    totals: {
      clicks: sum((point) => point.clicks),
      previous: sum((point) => point.previous),
      reveals,
    },
  };
}

/** Everything the analytics page and its CSV show for a view. */
export async function clickReport(db: Executor, view: AnalyticsView): Promise<ClickReport> {
  const keys = (Object.keys(tableFacets) as TableKey[]).filter((key) => !(view.store && key === "stores"));
  const since = await countedUntil(db);
  const [timeline, unclicked, ...tables] = await Promise.all([
    seriesOf(db, view, since),
    unclickedOf(db, view.kind),
    ...keys.map(
      async (key) =>
        [key, await labelled(db, key, await topOf(db, view, tableFacets[key].facet, tableFacets[key].action))] as const,
    ),
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
    countedUntil: since ?? null,
    ...timeline,
    tables: { ...empty, ...Object.fromEntries(tables) },
    unclicked,
  };
}

/** The dashboard's summary: clicks per day over the last 30 days and the five most clicked items. */
export async function clickSummary(
  db: Executor,
  today: string,
): Promise<{ series: ClickReport["series"]; total: number; top: ReportRow[] }> {
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
    series: timeline.series,
    total: timeline.totals.clicks,
    top: await labelled(db, "items", top.slice(0, 5)),
  };
}
