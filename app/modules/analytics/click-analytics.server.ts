import { asc, eq, type SQL, sql } from "drizzle-orm";

import { cappedCount } from "#app/db/capped-count";
import type { Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import { categories, stores } from "#app/db/schema";
import { clickOutTypes } from "#app/modules/catalogue/click-out.server";
import { itemNames, namesOf } from "#app/modules/catalogue/item-names.server";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { adminPathOf, lifecycleOf, titleCase, titleColumnOf } from "#app/modules/content-types/words";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";
import { logger } from "#app/platform/logger.server";

import {
  addDays,
  type AnalyticsView,
  consecutiveRuns,
  dayOf,
  daysOf,
  lastDayOfMonth,
  previousPeriod,
  type RangeParts,
  rangePartsOf,
  readAnalyticsView,
  type ReportRow,
} from "./analytics-view";
import { CLICK_ROLL_UP_JOB, countedUntil, type Facet } from "./click-roll-up.server";

// The click report for one view. Everything is read from the roll-ups (`click_windows` for the preset
// ranges, `click_months`, `click_weeks` and `click_days` for a custom one), except a view filtered by one store, which counts that store's
// raw clicks over the range through `clicks (store_id, created_at)`.

const TOP_ROWS = 50;
const UNCLICKED_ROWS = 20;

export type TableKey = "items" | "stores" | "categories" | "placements" | "referrers" | "devices" | "reveals";

export interface ClickReport {
  /** What the roll-ups (the tables) are counted up to; the totals and the line add clicks since, as they come. */
  countedUntil: Date | null;
  series: Array<{ day: string; clicks: number; previous: number }>;
  totals: { clicks: number; previous: number; reveals: number };
  tables: Record<TableKey, ReportRow[]>;
  unclicked: {
    counts: Array<{ kind: string; noun: string; count: number }>;
    rows: ReportRow[];
  };
}

const tableFacets: Record<TableKey, { facet: Facet; action: "click" | "reveal" }> = {
  items: { facet: "item", action: "click" },
  stores: { facet: "store", action: "click" },
  categories: { facet: "category", action: "click" },
  placements: { facet: "placement", action: "click" },
  referrers: { facet: "referrer", action: "click" },
  devices: { facet: "device", action: "click" },
  reveals: { facet: "item", action: "reveal" },
};

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

interface Counted {
  value: string;
  kind: string;
  clicks: number;
}

/** The roll-up each part of a custom range is read from, and its date column. */
const partTables = {
  months: {
    unit: "month",
    table: sql.identifier("click_months"),
    column: "month",
    next: (first: string) => addDays(lastDayOfMonth(first), 1),
  },
  weeks: {
    unit: "week",
    table: sql.identifier("click_weeks"),
    column: "week",
    next: (monday: string) => addDays(monday, 7),
  },
  days: { unit: "day", table: sql.identifier("click_days"), column: "day", next: (day: string) => addDays(day, 1) },
} as const;

/**
 * A custom range as the roll-ups hold it: its whole months, the whole weeks and then the days around them
 * (rangePartsOf), each with its table, so a year is about 20 rows per value rather than 366.
 */
function readsOf(view: AnalyticsView) {
  const parts: RangeParts = rangePartsOf(view.from, view.to);
  return (Object.keys(partTables) as Array<keyof RangeParts>).flatMap((key) =>
    parts[key].length ? [{ ...partTables[key], dates: parts[key] }] : [],
  );
}
type PartRead = ReturnType<typeof readsOf>[number];

/** A part's dates as a condition on its date column. */
const inDates = (read: PartRead): SQL =>
  sql`${sql.identifier(read.column)} IN (${sql.join(
    read.dates.map((date) => sql`${date}::date`),
    sql`, `,
  )})`;
/** A part's dates as a table of one column, `at`. */
const datesTable = (read: PartRead): SQL =>
  sql`(VALUES ${sql.join(
    read.dates.map((date) => sql`(${date}::date)`),
    sql`, `,
  )})`;

/** One facet's rows over a custom range (value, kind, clicks), every part together. */
function rangeRows(reads: PartRead[], facet: Facet, action: string, kind: SQL): SQL {
  return sql.join(
    reads.map(
      (read) =>
        sql`SELECT value, kind, clicks FROM ${read.table} WHERE facet = ${facet} AND action = ${action} AND ${inDates(read)} ${kind}`,
    ),
    sql` UNION ALL `,
  );
}

/**
 * A value's clicks over a custom range, `c` naming a row with its value and kind: its parts' rows summed, a
 * run of consecutive months, weeks or days read as one range of `_group_idx` (at most seven reads a value:
 * dates given as `IN (…)` were a filter on all of a value's rows, 360 a store).
 */
function clicksOver(reads: PartRead[], facet: Facet, action: string, c: SQL): SQL {
  const sums = reads.flatMap((read) =>
    consecutiveRuns(read.dates, read.next).map(([first, last]) => {
      const column = sql`p.${sql.identifier(read.column)}`;
      return sql`coalesce((
        SELECT sum(p.clicks) FROM ${read.table} p
        WHERE p.facet = ${facet} AND p.value = ${c}.value AND p.kind = ${c}.kind AND p.action = ${action} AND ${column} >= ${first}::date AND ${column} <= ${last}::date
      ), 0)`;
    }),
  );
  return sql`(${sql.join(sums, sql` + `)})`;
}

/** How many of each part's (month's, week's, day's) most clicked items a custom range's top list starts from. */
const LIST_TOP = 100;
/** Past this many candidates (each read once per part), summing every value costs less. */
const MOST_CANDIDATES = 200;

/**
 * The most clicked values of a facet with one row per value (items, stores of one type, 'store-all') over a
 * custom range without summing every value's every part (about 47,000 item rows a week at 5,000,000 clicks
 * a year): each part's LIST_TOP values (off the `_top_idx` indexes) are the candidates, summed exactly over
 * the range. A value in no list was clicked at most each list's LIST_TOP-th count, so the sum of those
 * counts bounds it: when the last of the top rows beats the bound, the list is exact (the threshold
 * algorithm). Otherwise null, and the caller sums everything. Only
 * the candidates that can still make the list are summed: one whose listed clicks plus its unlisted parts'
 * bounds fall short of what the 50th candidate was listed with cannot; and none when even those most
 * hopeful sums cannot put a 50th above the bound, or when there are so many (flat counts, as coupon code
 * reveals have) that summing every item is cheaper.
 */
async function topOverRange(
  db: Executor,
  view: AnalyticsView,
  facet: OneRowFacet,
  action: string,
): Promise<Counted[] | null> {
  const kind = view.kind ? sql`AND kind = ${view.kind}` : sql``;
  const reads = readsOf(view);
  // Each part's list, labelled so a month's, a week's and a day's LIST_TOP-th counts are told apart.
  const topsOf = (read: PartRead) => sql`
    SELECT ${read.unit}::text || range.at::text AS part, t.value, t.kind, t.clicks FROM ${datesTable(read)} AS range(at)
    CROSS JOIN LATERAL (
      SELECT value, kind, clicks FROM ${read.table}
      WHERE facet = ${facet} AND action = ${action} AND ${sql.identifier(read.column)} = range.at ${kind}
      ORDER BY clicks DESC NULLS LAST LIMIT ${LIST_TOP}
    ) t`;
  const lists = reads.map(topsOf);
  const rows = rowsOf<Counted & { bound: number }>(
    await db.execute(sql`
      WITH tops AS (${sql.join(lists, sql` UNION ALL `)}), per_part AS (
        SELECT part, CASE WHEN count(*) < ${LIST_TOP} THEN 0 ELSE min(clicks) END AS kth FROM tops GROUP BY part
      ), bound AS (
        SELECT coalesce(sum(kth), 0)::int AS clicks FROM per_part
      ), seen AS (
        SELECT t.value, t.kind, sum(t.clicks) AS clicks, sum(p.kth) AS listed_kth FROM tops t JOIN per_part p ON p.part = t.part GROUP BY t.value, t.kind
      ), floor AS (
        SELECT clicks FROM seen ORDER BY clicks DESC LIMIT 1 OFFSET ${TOP_ROWS - 1}
      ), ceiling AS (
        SELECT clicks + (SELECT clicks FROM bound) - listed_kth AS clicks FROM seen ORDER BY 1 DESC LIMIT 1 OFFSET ${TOP_ROWS - 1}
      ), hopeful AS (
        SELECT value, kind FROM seen
        WHERE seen.clicks + (SELECT clicks FROM bound) - seen.listed_kth >= coalesce((SELECT clicks FROM floor), 0)
      ), candidates AS (
        -- Summed only when they can prove the list (the 50th's exact count can reach past the bound) and are
        -- few enough that summing them beats summing every value.
        SELECT * FROM hopeful
        WHERE (SELECT clicks FROM bound) = 0
          OR (coalesce((SELECT clicks FROM ceiling), 0) > (SELECT clicks FROM bound) AND (SELECT count(*) FROM hopeful) <= ${MOST_CANDIDATES})
      ), summed AS (
        SELECT c.value, c.kind, ${clicksOver(reads, facet, action, sql`c`)}::int AS clicks FROM candidates c
        ORDER BY clicks DESC, c.value LIMIT ${TOP_ROWS}
      )
      SELECT s.value, s.kind, s.clicks, (SELECT clicks FROM bound) AS bound FROM (SELECT 1) AS one LEFT JOIN summed s ON true
      ORDER BY s.clicks DESC, s.value`),
  );
  const bound = rows[0]?.bound ?? 0;
  const listed = rows.filter((row) => row.value !== null);
  const last = listed.at(-1);
  // Bound 0: every list held all its values, so every clicked value is a candidate.
  if (bound > 0 && (listed.length < TOP_ROWS || !last || last.clicks <= bound)) return null;
  return listed.map(({ value, kind, clicks }) => ({ value, kind, clicks }));
}

/** Facets whose rows are one per value (an item is of one kind), so a top list is read off `_top_idx`. */
type OneRowFacet = "item" | "store" | "store-all";

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

const humanize = (value: string) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, " ") : "Unknown";

/** Labels each counted value: item titles with their admin pages, store and category names, readable words. */
async function labelled(db: Executor, key: TableKey, counted: Counted[]): Promise<ReportRow[]> {
  const { facet } = tableFacets[key];
  if (facet === "item") {
    const names = await itemNames(
      db,
      counted.map((row) => ({ kind: row.kind, id: row.value })),
    );
    return counted.map((row) => {
      const name = names.get(`${row.kind}:${row.value}`);
      return {
        value: row.value,
        clicks: row.clicks,
        label: name?.label ?? "Deleted item",
        kind: name?.noun ?? row.kind,
        href: name?.href,
      };
    });
  }
  if (facet === "store" || facet === "category") {
    const table = facet === "store" ? stores : categories;
    const names = await namesOf(
      db,
      table,
      table.name,
      counted.map((row) => row.value),
    );
    const none = facet === "store" ? "No store" : "No category";
    return counted.map((row) => ({
      value: row.value,
      clicks: row.clicks,
      label: row.value ? (names.get(row.value) ?? `Deleted ${facet}`) : none,
    }));
  }
  if (facet === "referrer")
    return counted.map((row) => ({
      value: row.value,
      clicks: row.clicks,
      label: row.value || "Direct or unknown",
    }));
  return counted.map((row) => ({
    value: row.value,
    clicks: row.clicks,
    label: humanize(row.value),
  }));
}

/**
 * Live items with no click-out in the last 30 days: a capped count per type and the oldest few. The same
 * whatever the view's range, so kept until content changes (the recent-clicks job's counts are content
 * too) or a minute passes: switching ranges does not read it again.
 */
const unclickedOf = keptUntilContentChanges(
  async (db: Executor, kind: string | null): Promise<ClickReport["unclicked"]> => {
    // Every type with a lifecycle keeps its rows' recent clicks (recent-clicks.server.ts), read off its index.
    const types = clickOutTypes.flatMap((type) =>
      lifecycleOf(type) && type.clickOut?.recentClicks && (!kind || kind === type.key)
        ? [{ type, recentClicks: type.clickOut.recentClicks }]
        : [],
    );
    const perType = await Promise.all(
      types.map(async ({ type, recentClicks }) => {
        // A builder per use: limit() and orderBy() change the builder they are called on.
        const query = () =>
          db
            .select({
              value: type.table.id,
              label: titleColumnOf(type),
              createdAt: type.table.createdAt,
            })
            .from(publicRows(type, { live: true }))
            .where(eq(recentClicks, 0));
        const [count, rows] = await Promise.all([
          cappedCount(db, query()),
          query().orderBy(asc(type.table.createdAt)).limit(UNCLICKED_ROWS),
        ]);
        return {
          type,
          count,
          rows: rows.map((row) => ({
            ...row,
            createdAt: new Date(row.createdAt as string | Date),
          })),
        };
      }),
    );
    const rows = perType
      .flatMap(({ type, rows: found }) =>
        found.map((row) => ({
          value: String(row.value),
          label: String(row.label),
          clicks: 0,
          kind: titleCase(type.noun.one),
          href: `${adminPathOf(type)}/edit/${String(row.value)}`,
          at: row.createdAt.getTime(),
        })),
      )
      .sort((a, b) => a.at - b.at)
      .slice(0, UNCLICKED_ROWS)
      .map(({ at: _at, ...row }) => row);
    return {
      counts: perType.map(({ type, count }) => ({
        kind: type.key,
        noun: titleCase(type.noun.many),
        count,
      })),
      rows,
    };
  },
  { maxAgeMs: 60_000 },
);

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

/** Analytics views in quick succession share a roll-up. */
const FRESH_MS = 5_000;
let rollUpAskedAt = 0;

/**
 * The view a request asks for and its report. It also asks for a roll-up (unless it asked in the last few
 * seconds) without waiting for it: a reload shows clicks up to this moment.
 */
export async function reportForRequest(
  request: Request,
  db: Executor,
  jobs: Pick<JobQueue, "runNow">,
): Promise<{ view: AnalyticsView; report: ClickReport; storeName: string | undefined }> {
  const view = readAnalyticsView(
    new URL(request.url).searchParams,
    dayOf(new Date()),
    clickOutTypes.map((type) => type.key),
  );
  if (Date.now() - rollUpAskedAt > FRESH_MS) {
    rollUpAskedAt = Date.now();
    void jobs
      .runNow(CLICK_ROLL_UP_JOB)
      .catch((error: unknown) => logger.warn({ err: error }, "could not queue a click roll-up"));
  }
  const [report, storeNames] = await Promise.all([
    clickReport(db, view),
    view.store ? namesOf(db, stores, stores.name, [view.store]) : new Map<string, string>(),
  ]);
  return { view, report, storeName: view.store ? storeNames.get(view.store) : undefined };
}
