import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import { readMark, writeMark } from "#app/db/roll-up-marks.server";
import { readSiteMoney } from "#app/modules/site-settings/money.server";

import { addDays, dayOf, daysOf, lastDayOfMonth, monthOf, weekOf } from "./analytics-view";

// The analytics read clicks rolled up per day (`click_days`), per week and per month (`click_weeks`,
// `click_months`: a custom range's whole weeks and months) and per trailing window (`click_windows`), never
// raw clicks over a range (ADR 0017). A run recounts whole days from the raw clicks (the days touched since
// the last run, normally today alone), so it is idempotent: a run repeated, or two at once, write the same
// counts. Then it sums the weeks and months of those days for the values they changed, and recounts the 7/30/60/90-day windows of those values and of the values
// whose clicks left a window since the last run. The first run counts every day, one
// statement per day, so no statement holds the embedded database for long. Earnings roll up into the same
// tables as action 'sale' (ADR 0048): a run also recounts the sales of each day whose transactions changed
// (`earnings_touched_days`, kept by triggers), however old, and those groups' weeks, months and windows.

/** The background job that runs rollUpClicks. */
export const CLICK_ROLL_UP_JOB = "click-roll-up";

export const WINDOWS = [7, 30, 60, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];
const LONGEST_WINDOW = 90;
export const FACETS = ["total", "item", "store", "store-all", "category", "placement", "referrer", "device"] as const;
export type Facet = (typeof FACETS)[number];

const DAYS_MARK = "click-days";

/** When the roll-up last counted the days (what the analytics' figures are counted up to); undefined before its first run. */
export const countedUntil = (db: Executor) => readMark(db, DAYS_MARK);
const WINDOWS_MARK = "click-windows";
/** A click stamped just before a run but committed just after it is still counted by the next run. */
const LATE_COMMIT_MS = 60_000;
const RECOUNT_CHUNK = 1_000;
/** The item windows are rebuilt in this many parts (by a hash of the id), each one short statement. */
const ITEM_PARTS = 8;

interface Group {
  facet: string;
  value: string;
  kind: string;
  action: string;
}

/** Facets as an SQL list, so a query's rows are read off the key, which leads with the facet. */
const listOf = (facets: readonly Facet[]) => sql.raw(facets.map((facet) => `'${facet}'`).join(", "));
const facetList = listOf(FACETS);
/** A transaction knows no device. */
const saleFacetList = listOf(FACETS.filter((facet) => facet !== "device"));

/** Counts one UTC day's clicks per facet value into `click_days`; returns the groups whose count changed. */
async function countDay(db: Executor, day: string): Promise<Group[]> {
  const from = `${day}T00:00:00Z`;
  const to = `${addDays(day, 1)}T00:00:00Z`;
  const result = (await db.execute(sql`
    WITH raw AS MATERIALIZED (
      SELECT kind, action, item_id, store_id, category_id, placement, referrer_host, device FROM clicks
      WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz
    ), counted AS (
      SELECT 'total' AS facet, '' AS value, kind, action, count(*)::int AS clicks FROM raw GROUP BY kind, action
      UNION ALL SELECT 'item', item_id::text, kind, action, count(*)::int FROM raw GROUP BY item_id, kind, action
      UNION ALL SELECT 'store', coalesce(store_id::text, ''), kind, action, count(*)::int FROM raw GROUP BY store_id, kind, action
      UNION ALL SELECT 'store-all', coalesce(store_id::text, ''), '', action, count(*)::int FROM raw GROUP BY store_id, action
      UNION ALL SELECT 'category', coalesce(category_id::text, ''), kind, action, count(*)::int FROM raw GROUP BY category_id, kind, action
      UNION ALL SELECT 'placement', coalesce(placement, ''), kind, action, count(*)::int FROM raw GROUP BY placement, kind, action
      UNION ALL SELECT 'referrer', coalesce(referrer_host, ''), kind, action, count(*)::int FROM raw GROUP BY referrer_host, kind, action
      UNION ALL SELECT 'device', coalesce(device, ''), kind, action, count(*)::int FROM raw GROUP BY device, kind, action
    )
    INSERT INTO click_days (facet, day, value, kind, action, clicks)
    SELECT facet, ${day}::date, value, kind, action, clicks FROM counted
    ON CONFLICT (facet, day, value, kind, action) DO UPDATE SET clicks = excluded.clicks WHERE click_days.clicks <> excluded.clicks
    RETURNING facet, value, kind, action`)) as unknown as { rows: Group[] };
  return result.rows;
}

/** A transaction's commission in cents of the site's `currency`; 0 until it is converted into it. */
export const saleCents = (currency: string): SQL =>
  sql`CASE WHEN site_currency = ${currency} THEN coalesce(round(site_commission * 100), 0) ELSE 0 END::bigint`;

/**
 * Counts one UTC day's sales per facet value into `click_days` (action 'sale'): transactions not declined,
 * and the commission of those converted into `currency` (the site's) in cents. A sale naming no click of
 * ours counts in the total alone, as kind ''. A group that had sales and
 * has none now (a sale declined, moved to another day, or attributed after all) is set to 0, so its weeks,
 * months and windows are summed again. Returns the groups whose figures changed.
 */
async function countSaleDay(db: Executor, day: string, currency: string): Promise<Group[]> {
  const from = `${day}T00:00:00Z`;
  const to = `${addDays(day, 1)}T00:00:00Z`;
  return rowsOf<Group>(
    await db.execute(sql`
      WITH raw AS MATERIALIZED (
        SELECT coalesce(kind, '') AS kind, item_id, store_id, category_id, placement, referrer_host, ${saleCents(currency)} AS cents
        FROM earnings
        WHERE transacted_at >= ${from}::timestamptz AND transacted_at < ${to}::timestamptz AND status <> 'declined'
      ), attributed AS (
        SELECT * FROM raw WHERE item_id IS NOT NULL
      ), counted AS (
        SELECT 'total' AS facet, '' AS value, kind, count(*)::int AS sales, sum(cents)::bigint AS cents FROM raw GROUP BY kind
        UNION ALL SELECT 'item', item_id::text, kind, count(*)::int, sum(cents)::bigint FROM attributed GROUP BY item_id, kind
        UNION ALL SELECT 'store', coalesce(store_id::text, ''), kind, count(*)::int, sum(cents)::bigint FROM attributed GROUP BY store_id, kind
        UNION ALL SELECT 'store-all', coalesce(store_id::text, ''), '', count(*)::int, sum(cents)::bigint FROM attributed GROUP BY store_id
        UNION ALL SELECT 'category', coalesce(category_id::text, ''), kind, count(*)::int, sum(cents)::bigint FROM attributed GROUP BY category_id, kind
        UNION ALL SELECT 'placement', coalesce(placement, ''), kind, count(*)::int, sum(cents)::bigint FROM attributed GROUP BY placement, kind
        UNION ALL SELECT 'referrer', coalesce(referrer_host, ''), kind, count(*)::int, sum(cents)::bigint FROM attributed GROUP BY referrer_host, kind
      ), was AS (
        SELECT facet, value, kind FROM click_days WHERE facet IN (${saleFacetList}) AND day = ${day}::date AND action = 'sale'
      )
      INSERT INTO click_days (facet, day, value, kind, action, clicks, cents)
      SELECT coalesce(c.facet, w.facet), ${day}::date, coalesce(c.value, w.value), coalesce(c.kind, w.kind), 'sale',
        coalesce(c.sales, 0), coalesce(c.cents, 0)
      FROM counted c FULL JOIN was w ON w.facet = c.facet AND w.value = c.value AND w.kind = c.kind
      ON CONFLICT (facet, day, value, kind, action) DO UPDATE SET clicks = excluded.clicks, cents = excluded.cents
        WHERE click_days.clicks <> excluded.clicks OR click_days.cents <> excluded.cents
      RETURNING facet, value, kind, action`),
  );
}

interface TouchedDay {
  day: string;
  version: number;
}

/** The days whose transactions changed since they were last counted, oldest first. */
async function touchedSaleDays(db: Executor): Promise<TouchedDay[]> {
  return rowsOf<TouchedDay>(
    await db.execute(sql`SELECT day::text AS day, version::float8 AS version FROM earnings_touched_days ORDER BY day`),
  );
}

/** Forgets the touched days counted, unless a transaction of one changed again meanwhile (a new version). */
async function forgetSaleDays(db: Executor, counted: TouchedDay[]): Promise<void> {
  if (counted.length === 0) return;
  await db.execute(sql`
    DELETE FROM earnings_touched_days t USING jsonb_to_recordset(${JSON.stringify(counted)}::jsonb) AS c(day date, version bigint)
    WHERE t.day = c.day AND t.version = c.version`);
}

const groupsIn = (chunk: string) =>
  sql`(SELECT DISTINCT * FROM jsonb_to_recordset(${chunk}::jsonb) AS g(facet text, value text, kind text, action text))`;

/** Each group once. */
function distinctGroups(groups: Group[]): Group[] {
  return [
    ...new Map(groups.map((group) => [`${group.facet}|${group.value}|${group.kind}|${group.action}`, group])).values(),
  ];
}

function chunked(groups: Group[]): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < groups.length; start += RECOUNT_CHUNK)
    chunks.push(JSON.stringify(groups.slice(start, start + RECOUNT_CHUNK)));
  return chunks;
}

const periods = {
  week: {
    table: sql.identifier("click_weeks"),
    column: sql.identifier("week"),
    startOf: weekOf,
    lastDay: (monday: string) => addDays(monday, 6),
  },
  month: {
    table: sql.identifier("click_months"),
    column: sql.identifier("month"),
    startOf: monthOf,
    lastDay: lastDayOfMonth,
  },
} as const;

/**
 * Sums the days of the week or month starting `start` into its roll-up: for the given groups (those whose
 * count changed on a day counted), or for every group.
 */
async function countPeriod(
  db: Executor,
  period: keyof typeof periods,
  start: string,
  groups: Group[] | "every group",
): Promise<void> {
  const { table, column, lastDay } = periods[period];
  for (const chunk of groups === "every group" ? [null] : chunked(groups)) {
    const only =
      chunk === null
        ? sql``
        : sql`AND (d.facet, d.value, d.kind, d.action) IN (SELECT facet, value, kind, action FROM ${groupsIn(chunk)} AS g)`;
    await db.execute(sql`
      INSERT INTO ${table} (facet, ${column}, value, kind, action, clicks, cents)
      SELECT d.facet, ${start}::date, d.value, d.kind, d.action, sum(d.clicks)::int, sum(d.cents)::bigint FROM click_days d
      WHERE d.day >= ${start}::date AND d.day <= ${lastDay(start)}::date ${only}
      GROUP BY d.facet, d.value, d.kind, d.action
      ON CONFLICT (facet, ${column}, value, kind, action) DO UPDATE SET clicks = excluded.clicks, cents = excluded.cents
        WHERE ${table}.clicks <> excluded.clicks OR ${table}.cents <> excluded.cents`);
  }
}

/** Recounts the windows ending `today` of the given groups: rows with no clicks left are removed. */
async function recountWindows(db: Executor, groups: Group[], today: string): Promise<void> {
  for (const chunk of chunked(groups)) {
    await db.execute(sql`
      WITH g AS ${groupsIn(chunk)},
      summed AS (
        SELECT w.days, g.facet, g.value, g.kind, g.action, coalesce(s.clicks, 0)::int AS clicks, coalesce(s.cents, 0)::bigint AS cents
        FROM g CROSS JOIN (VALUES ${sql.raw(WINDOWS.map((days) => `(${days})`).join(", "))}) AS w(days)
        CROSS JOIN LATERAL (SELECT sum(d.clicks) AS clicks, sum(d.cents) AS cents FROM click_days d
          WHERE d.facet = g.facet AND d.value = g.value AND d.kind = g.kind AND d.action = g.action
            AND d.day > ${today}::date - w.days AND d.day <= ${today}::date) s
      ), gone AS (
        DELETE FROM click_windows cw USING summed s
        WHERE s.clicks = 0 AND cw.days = s.days AND cw.facet = s.facet AND cw.value = s.value AND cw.kind = s.kind AND cw.action = s.action
      )
      INSERT INTO click_windows (days, facet, value, kind, action, clicks, cents)
      SELECT days, facet, value, kind, action, clicks, cents FROM summed WHERE clicks > 0
      ON CONFLICT (days, facet, value, kind, action) DO UPDATE SET clicks = excluded.clicks, cents = excluded.cents
        WHERE click_windows.clicks <> excluded.clicks OR click_windows.cents <> excluded.cents`);
  }
}

/** Every window ending `today`, counted again from `click_days`: a facet (or a part of the items) per statement. */
async function rebuildWindows(db: Executor, today: string): Promise<void> {
  await db.execute(sql`DELETE FROM click_windows`);
  for (const facet of FACETS) {
    const parts = facet === "item" ? ITEM_PARTS : 1;
    for (let part = 0; part < parts; part++) {
      await db.execute(sql`
        INSERT INTO click_windows (days, facet, value, kind, action, clicks, cents)
        SELECT w.days, d.facet, d.value, d.kind, d.action, sum(d.clicks)::int, sum(d.cents)::bigint
        FROM click_days d JOIN (VALUES ${sql.raw(WINDOWS.map((days) => `(${days})`).join(", "))}) AS w(days) ON d.day > ${today}::date - w.days
        WHERE d.facet = ${facet} AND d.day > ${today}::date - ${LONGEST_WINDOW}::int AND d.day <= ${today}::date
          ${parts > 1 ? sql`AND abs(hashtext(d.value)) % ${parts}::int = ${part}::int` : sql``}
        GROUP BY w.days, d.facet, d.value, d.kind, d.action
        HAVING sum(d.clicks) > 0`);
    }
  }
}

/** The groups with clicks on a day that left one of the windows when the last day moved from `before` to `today`. */
async function groupsLeavingWindows(db: Executor, before: string, today: string): Promise<Group[]> {
  const result = (await db.execute(sql`
    SELECT DISTINCT facet, value, kind, action FROM click_days
    WHERE facet IN (${facetList}) AND (${sql.join(
      WINDOWS.map((days) => sql`(day > ${addDays(before, -days)}::date AND day <= ${addDays(today, -days)}::date)`),
      sql` OR `,
    )})`)) as unknown as { rows: Group[] };
  return result.rows;
}

async function clickedSince(db: Executor, since: Date): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT 1 FROM clicks WHERE created_at > ${since.toISOString()}::timestamptz LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

async function firstClickDay(db: Executor): Promise<string | undefined> {
  const result = (await db.execute(sql`SELECT min(created_at) AS first FROM clicks`)) as unknown as {
    rows: Array<{ first: string | Date | null }>;
  };
  const first = result.rows[0]?.first;
  return first ? dayOf(new Date(first)) : undefined;
}

/**
 * Brings `click_days` and `click_windows` up to `now`, and the sales of every day whose transactions
 * changed; returns how many days were counted. The marks are written last: a run that fails half-way is
 * repeated over the same days.
 */
export async function rollUpClicks(db: Executor, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const today = dayOf(now);
  const [daysMark, windowsMark, saleDays] = await Promise.all([
    readMark(db, DAYS_MARK),
    readMark(db, WINDOWS_MARK),
    touchedSaleDays(db),
  ]);
  const windowsDay = windowsMark ? dayOf(windowsMark) : undefined;
  // Nothing clicked or sold since the last run and the same day: nothing to recount (today's recount costs
  // 0.4 s on the embedded database at 14,000 clicks a day). The marks stay, so a click committed late is still seen.
  if (
    daysMark &&
    windowsDay === today &&
    saleDays.length === 0 &&
    !(await clickedSince(db, new Date(daysMark.getTime() - LATE_COMMIT_MS)))
  )
    return 0;
  const first = daysMark ? dayOf(new Date(daysMark.getTime() - LATE_COMMIT_MS)) : await firstClickDay(db);
  const days = first ? daysOf(first, today) : [];
  // The groups whose figures changed, by the day they changed on (a first run sums every group instead).
  const touchedOn = new Map<string, Group[]>();
  const touch = (day: string, groups: Group[]) => touchedOn.set(day, [...(touchedOn.get(day) ?? []), ...groups]);
  for (const day of days) {
    const changed = await countDay(db, day);
    if (daysMark) touch(day, changed);
  }
  const currency = (await readSiteMoney(db)).currency;
  for (const { day } of saleDays) touch(day, await countSaleDay(db, day, currency));
  for (const period of ["week", "month"] as const) {
    const { startOf } = periods[period];
    const starts = new Map<string, Group[] | "every group">();
    if (!daysMark) for (const day of days) starts.set(startOf(day), "every group");
    for (const [day, groups] of touchedOn) {
      const start = startOf(day);
      const before = starts.get(start) ?? [];
      if (before !== "every group") starts.set(start, [...before, ...groups]);
    }
    for (const [start, groups] of starts)
      await countPeriod(db, period, start, groups === "every group" ? groups : distinctGroups(groups));
  }
  const touched = distinctGroups([...touchedOn.values()].flat());
  if (!daysMark || !windowsDay || addDays(windowsDay, LONGEST_WINDOW) < today) {
    await rebuildWindows(db, today);
  } else {
    const leaving = windowsDay < today ? await groupsLeavingWindows(db, windowsDay, today) : [];
    await recountWindows(db, [...touched, ...leaving], today);
  }
  await forgetSaleDays(db, saleDays);
  await writeMark(db, DAYS_MARK, now);
  await writeMark(db, WINDOWS_MARK, new Date(`${today}T00:00:00Z`));
  return days.length + saleDays.length;
}
