/** The site's time zone: every date is shown and typed in it, so server and browser render the same text. */
export const SITE_TIME_ZONE = "UTC";

// Formatters are built once: `Date.prototype.toLocaleDateString` builds one per call (about 0.15 ms, so a
// year of days in a chart cost 60 ms of rendering).
const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: SITE_TIME_ZONE });
const shortDateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: SITE_TIME_ZONE });

/** "Nov 21, 2026" (UTC, so server and browser render the same text). */
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

/** "Nov 21" of a YYYY-MM-DD day (a chart's axis and points). */
export function formatShortDay(day: string): string {
  return shortDateFormat.format(startOfDay(day));
}

/** A stored timestamp cut to the YYYY-MM-DD a date input shows (spec: dates on edit). */
export function toDateInput(value: Date | string | null | undefined): string {
  return value ? new Date(value).toISOString().slice(0, 10) : "";
}

/** A stored timestamp as a datetime-local input shows it, in the site's time zone (UTC): "2026-11-24T09:00". */
export function toDateTimeInput(value: Date | string | null | undefined): string {
  return value ? new Date(value).toISOString().slice(0, 16) : "";
}

/** A date input's day as the first instant of that day (UTC). */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** A date input's day as its last instant (UTC): a coupon valid until a day is valid all that day. */
export function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59.999Z`);
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: SITE_TIME_ZONE,
  timeZoneName: "short",
});

/** "Nov 21, 2026, 2:05 PM UTC": the stamp shown next to an Amazon price. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}
