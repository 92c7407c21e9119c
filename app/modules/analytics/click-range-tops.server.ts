import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";

import {
  addDays,
  type AnalyticsView,
  consecutiveRuns,
  lastDayOfMonth,
  type RangeParts,
  rangePartsOf,
} from "./analytics-view";
import type { Facet } from "./click-roll-up.server";

// A custom range's top lists: read from the roll-ups' whole months, weeks and days, and for facets with one
// row per value, proved from each part's own top list without summing every value (topOverRange).

/** How many rows a report's top list shows. */
export const TOP_ROWS = 50;

/** A value of a facet (an item, a store, a referrer…) and its clicks; an item's kind names its type. */
export interface Counted {
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
export function readsOf(view: AnalyticsView) {
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

/** One facet's rows over a custom range (value, kind, clicks, cents), every part together. */
export function rangeRows(reads: PartRead[], facet: Facet, action: string, kind: SQL): SQL {
  return sql.join(
    reads.map(
      (read) =>
        sql`SELECT value, kind, clicks, cents FROM ${read.table} WHERE facet = ${facet} AND action = ${action} AND ${inDates(read)} ${kind}`,
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

/**
 * The sales and their cents over a custom range of each listed value (`values`, with its kind for items),
 * read as clicksOver reads clicks: a run of a part's dates as one range of `_group_idx` per value, not the
 * range's every row filtered by value. A value of another facet sums its every type's rows, or `kind`'s.
 */
export function salesOverRange(
  reads: PartRead[],
  facet: Facet,
  values: Counted[],
  kind: string | null,
  byItemKind: boolean,
): SQL {
  const listed = sql`(VALUES ${sql.join(
    values.map((row) => sql`(${row.value}, ${row.kind})`),
    sql`, `,
  )}) AS c(value, kind)`;
  const ofKind = byItemKind ? sql`AND p.kind = c.kind` : kind ? sql`AND p.kind = ${kind}` : sql``;
  const runs = reads.flatMap((read) =>
    consecutiveRuns(read.dates, read.next).map(([first, last]) => {
      const column = sql`p.${sql.identifier(read.column)}`;
      return sql`SELECT p.clicks, p.cents FROM ${read.table} p
        WHERE p.facet = ${facet} AND p.value = c.value ${ofKind} AND p.action = 'sale' AND ${column} >= ${first}::date AND ${column} <= ${last}::date`;
    }),
  );
  return sql`SELECT c.value, c.kind, s.clicks, s.cents FROM ${listed} CROSS JOIN LATERAL (
    SELECT coalesce(sum(r.clicks), 0)::int AS clicks, coalesce(sum(r.cents), 0)::float8 AS cents
    FROM (${sql.join(runs, sql` UNION ALL `)}) AS r
  ) AS s`;
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
export async function topOverRange(
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
export type OneRowFacet = "item" | "store" | "store-all";
