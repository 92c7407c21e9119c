import { isUuid } from "#app/lib/uuid";

// What the analytics page shows, held in its URL (?range=7|30|90|custom&from=&to=&kind=&store=), so a
// reload, a shared link, the CSV export and the Back button show the same view. A range ends today or
// earlier and spans at most a year; a custom range that makes no sense is reported at its field and the
// page shows the last 30 days instead.

export const PRESET_RANGES = [7, 30, 90] as const;
export type PresetRange = (typeof PRESET_RANGES)[number];
export const DEFAULT_RANGE: PresetRange = 30;
export const LONGEST_RANGE_DAYS = 366;
/** What the lists of items that earn most per click and of items that never earned look back over. */
export const EARNING_LIST_DAYS = 60;
/** Earnings per click over fewer clicks says more about luck than about the item. */
export const EPC_MIN_CLICKS = 10;

export interface AnalyticsView {
  /** First and last day (UTC, YYYY-MM-DD), both included. */
  from: string;
  to: string;
  days: number;
  /** The preset the range is ("last 30 days"), or null for a custom range. */
  preset: PresetRange | null;
  /** A content type's key, or null for every type. */
  kind: string | null;
  store: string | null;
  /** Messages for the custom range's fields, when they were refused. */
  errors: { from?: string; to?: string };
}

/** One line of a report table: a facet value (an id, a host, a placement; '' for none) and its clicks. */
export interface ReportRow {
  value: string;
  label: string;
  clicks: number;
  /**
   * Its sales (transactions not declined) and their commission in cents of the site's currency, in the
   * tables of what earnings know (not devices or code reveals).
   */
  sales?: number;
  cents?: number;
  /** For items: the type's noun and the item's admin page. */
  kind?: string;
  href?: string;
}

const DAY_MS = 86_400_000;
/** Whether `value` is a real day written year-month-day ("2026-11-31" is not). */
export const isDay = (value: string | null): value is string =>
  Boolean(
    value &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  );
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayAt = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
/** The UTC day of an instant. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);
/** The day `days` after (or, negative, before) `day`. */
export const addDays = (day: string, days: number): string => dayAt(dayNumber(day) + days);

/** `days` days ending on `to`. */
function presetView(preset: PresetRange, today: string): Pick<AnalyticsView, "from" | "to" | "days" | "preset"> {
  return {
    from: dayAt(dayNumber(today) - preset + 1),
    to: today,
    days: preset,
    preset,
  };
}

function customRange(
  search: URLSearchParams,
  today: string,
): { from: string; to: string } | { errors: AnalyticsView["errors"] } {
  const from = search.get("from");
  const to = search.get("to");
  if (!isDay(from)) return { errors: { from: "Enter a start date." } };
  if (!isDay(to)) return { errors: { to: "Enter an end date." } };
  if (from > to)
    return {
      errors: { to: "The end date must be on or after the start date." },
    };
  if (to > today) return { errors: { to: "The end date cannot be in the future." } };
  if (dayNumber(to) - dayNumber(from) + 1 > LONGEST_RANGE_DAYS)
    return {
      errors: { from: `A range can span at most ${LONGEST_RANGE_DAYS} days.` },
    };
  return { from, to };
}

/** The view from the page's query string; `today` is the current UTC day, `kinds` the types with clicks. */
export function readAnalyticsView(search: URLSearchParams, today: string, kinds: readonly string[]): AnalyticsView {
  const kind = kinds.find((candidate) => candidate === search.get("kind")) ?? null;
  const store = search.get("store");
  const base = {
    kind,
    store: isUuid(store) ? store.toLowerCase() : null,
    errors: {},
  };
  const range = search.get("range");
  if (range === "custom") {
    const custom = customRange(search, today);
    if ("errors" in custom)
      return {
        ...base,
        ...presetView(DEFAULT_RANGE, today),
        errors: custom.errors,
      };
    return {
      ...base,
      ...custom,
      days: dayNumber(custom.to) - dayNumber(custom.from) + 1,
      preset: null,
    };
  }
  const preset = PRESET_RANGES.find((days) => String(days) === range) ?? DEFAULT_RANGE;
  return { ...base, ...presetView(preset, today) };
}

/** The period just before the view's, of the same length, for comparison. */
export function previousPeriod(view: Pick<AnalyticsView, "from" | "days">): {
  from: string;
  to: string;
} {
  const start = dayNumber(view.from);
  return { from: dayAt(start - view.days), to: dayAt(start - 1) };
}

/** Every day of a range, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) days.push(dayAt(day));
  return days;
}

/** The Monday a day's week starts on (weeks as PostgreSQL's date_trunc('week') counts them). */
export function weekOf(day: string): string {
  const number = dayNumber(day);
  // Day 0 (1970-01-01) was a Thursday: 3 days after a Monday.
  return dayAt(number - ((number + 3) % 7));
}

/** The first day of a day's calendar month. */
export const monthOf = (day: string): string => `${day.slice(0, 8)}01`;
/** The last day of the month starting `first`. */
export const lastDayOfMonth = (first: string): string => addDays(monthOf(addDays(first, 31)), -1);

/** The parts a range is summed from: whole calendar months, then whole Monday-to-Sunday weeks, then days. */
export interface RangeParts {
  months: string[];
  weeks: string[];
  days: string[];
}

function weeksAndDaysOf(from: string, to: string): Omit<RangeParts, "months"> {
  const firstMonday = weekOf(from) === from ? from : addDays(weekOf(from), 7);
  const weeks: string[] = [];
  for (let monday = firstMonday; addDays(monday, 6) <= to; monday = addDays(monday, 7)) weeks.push(monday);
  if (weeks.length === 0) return { weeks, days: daysOf(from, to) };
  const afterWeeks = addDays(weeks.at(-1)!, 7);
  return {
    weeks,
    days: [
      ...(from < firstMonday ? daysOf(from, addDays(firstMonday, -1)) : []),
      ...(afterWeeks <= to ? daysOf(afterWeeks, to) : []),
    ],
  };
}

/**
 * A range as the fewest roll-up rows to sum, each day once: the whole months inside it, and the whole weeks
 * and then the days of what is left on either side (a year is 11 or 12 months and a few weeks and days).
 */
export function rangePartsOf(from: string, to: string): RangeParts {
  const firstMonth = monthOf(from) === from ? from : addDays(lastDayOfMonth(monthOf(from)), 1);
  const months: string[] = [];
  for (let first = firstMonth; lastDayOfMonth(first) <= to; first = addDays(lastDayOfMonth(first), 1))
    months.push(first);
  if (months.length === 0) return { months, ...weeksAndDaysOf(from, to) };
  const before = from < firstMonth ? weeksAndDaysOf(from, addDays(firstMonth, -1)) : { weeks: [], days: [] };
  const afterMonths = addDays(lastDayOfMonth(months.at(-1)!), 1);
  const after = afterMonths <= to ? weeksAndDaysOf(afterMonths, to) : { weeks: [], days: [] };
  return { months, weeks: [...before.weeks, ...after.weeks], days: [...before.days, ...after.days] };
}

/** Dates (in order) as runs of consecutive ones, [first, last] each: `next` gives the date after one. */
export function consecutiveRuns(dates: string[], next: (date: string) => string): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const date of dates) {
    const last = runs.at(-1);
    if (last && next(last[1]) === date) last[1] = date;
    else runs.push([date, date]);
  }
  return runs;
}

/** The query string of a view (defaults left out), for links and the CSV export. */
export function analyticsSearch(view: AnalyticsView): string {
  const search = new URLSearchParams();
  if (view.preset === null) {
    search.set("range", "custom");
    search.set("from", view.from);
    search.set("to", view.to);
  } else if (view.preset !== DEFAULT_RANGE) {
    search.set("range", String(view.preset));
  }
  if (view.kind) search.set("kind", view.kind);
  if (view.store) search.set("store", view.store);
  return search.toString();
}
