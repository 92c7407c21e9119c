import { sql } from "drizzle-orm";
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

// Clicks counted per day, week, month and trailing window, so the analytics never count raw clicks over a range
// (modules/analytics/click-roll-up.server.ts keeps them; ADR 0017). A facet is what a report is by:
// 'total' (value ''), 'item' (the item's id), 'store', 'category' (ids, '' for none), 'placement',
// 'referrer' (host) and 'device' ('' for none). `kind` is the item's type, `action` 'click' or 'reveal'.
// 'store-all' is a store's clicks over every type (kind ''), so a top list of stores reads one row per store.
// Earnings roll up beside them as a third action, 'sale' (ADR 0048): `clicks` counts the transactions a
// network did not decline, by the UTC day of the sale, and `cents` their commission in hundredths of the
// site's currency; an unattributed sale is in 'total' alone, as kind ''. Sales have no device.

/**
 * Clicks per period per facet value, starting on `start` (the column is named for the period): days, and
 * the weeks and months that sum them, so a custom range reads its whole months and weeks and only the days
 * around them. Indexed by facet and period for a range; by group for recounting one value's windows and
 * summing a custom range's candidates; each period's most clicked items and stores for a top list (an IN
 * predicate: one that fixed `facet` would drop it from the scan's bounds; the migrations add INCLUDE (value,
 * kind), which Drizzle cannot express, so a part's top rows are read from the index alone).
 */
function periodTable<Name extends string>(name: Name, period: "day" | "week" | "month") {
  return pgTable(
    name,
    {
      facet: text().notNull(),
      start: date(period, { mode: "string" }).notNull(),
      value: text().notNull(),
      kind: text().notNull(),
      action: text().notNull(),
      clicks: integer().notNull(),
      cents: bigint({ mode: "number" }).notNull().default(0),
    },
    (t) => [
      primaryKey({ columns: [t.facet, t.start, t.value, t.kind, t.action] }),
      index(`${name}_group_idx`).on(t.facet, t.value, t.kind, t.action, t.start),
      index(`${name}_top_idx`)
        .on(t.facet, t.action, t.start, t.clicks.desc())
        .where(sql`${t.facet} IN ('item', 'store', 'store-all')`),
    ],
  );
}

/** UTC days. */
export const clickDays = periodTable("click_days", "day");
/** Monday-to-Sunday weeks. */
export const clickWeeks = periodTable("click_weeks", "week");
/** Calendar months (UTC), keyed by their first day. */
export const clickMonths = periodTable("click_months", "month");

/** Clicks in the last 7, 30, 60 and 90 days (today included) per facet value; rows with none are left out. */
export const clickWindows = pgTable(
  "click_windows",
  {
    days: smallint().notNull(),
    facet: text().notNull(),
    value: text().notNull(),
    kind: text().notNull(),
    action: text().notNull(),
    clicks: integer().notNull(),
    cents: bigint({ mode: "number" }).notNull().default(0),
  },
  // The top of a report is read off this index.
  (t) => [
    primaryKey({ columns: [t.days, t.facet, t.value, t.kind, t.action] }),
    index("click_windows_top_idx").on(t.days, t.facet, t.action, t.clicks.desc(), t.value),
  ],
);

/**
 * The UTC days whose transactions changed since the roll-up last counted them, written by triggers on
 * `earnings` (whatever changed them: an import, a conversion, a click found later). The roll-up counts a
 * day's sales and deletes its row only if `version` is still the one it read, so a change made meanwhile
 * is counted by the next run.
 */
export const earningsTouchedDays = pgTable("earnings_touched_days", {
  day: date({ mode: "string" }).primaryKey(),
  version: bigserial({ mode: "number" }).notNull(),
});
