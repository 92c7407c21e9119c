// Dates in the site's time zone (Admin → Settings → Site; UTC until the owner chooses one): every date is
// shown and typed in it, on the server and in the browser alike. The zone is process-wide, like the site's
// address: the server sets it for each request from the setting (kept until it changes), and the browser
// from the page's `<meta name="site-time-zone">` before it hydrates, so both render the same text.

let siteZone = "UTC";

/** The zone dates are shown and typed in. */
export const siteTimeZone = () => siteZone;

/** Sets the zone dates are shown and typed in (an IANA name the runtime knows; anything else is refused). */
export function setSiteTimeZone(timeZone: string): void {
  // Set before every request: the same zone again costs no check (a formatter built and thrown away).
  if (timeZone === siteZone) return;
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  siteZone = timeZone;
}

/** Whether the runtime knows `name` as a time zone ("Europe/Paris", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Formatters are built once per zone: `Date.prototype.toLocaleDateString` builds one per call (about
// 0.15 ms, so a year of days in a chart cost 60 ms of rendering).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  kind: "date" | "short" | "dateTime" | "moment" | "time" | "weekday" | "parts",
  timeZone = siteZone,
): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      date: { year: "numeric", month: "short", day: "numeric" },
      short: { month: "short", day: "numeric" },
      dateTime: {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      },
      moment: {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        timeZoneName: "short",
      },
      time: { hour: "numeric", minute: "2-digit" },
      weekday: { weekday: "long", month: "short", day: "numeric" },
      parts: {
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      },
    };
    found = new Intl.DateTimeFormat("en-US", { ...options[kind], timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** An instant's wall-clock reading in the zone, to the second. */
function wallOf(instant: Date, timeZone = siteZone) {
  const part = Object.fromEntries(
    formatter("parts", timeZone)
      .formatToParts(instant)
      .map((item) => [item.type, item.value]),
  );
  return {
    year: part.year!,
    month: part.month!,
    day: part.day!,
    hour: part.hour!,
    minute: part.minute!,
    second: part.second!,
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallOf(instant, timeZone);
  const asUtc = Date.UTC(
    Number(wall.year),
    Number(wall.month) - 1,
    Number(wall.day),
    Number(wall.hour),
    Number(wall.minute),
    Number(wall.second),
  );
  return asUtc - (instant.getTime() - instant.getMilliseconds());
}

/**
 * The instant a wall-clock time in the zone names ("2026-11-24T09:00", or a bare day's midnight). A time
 * skipped by a clock change reads as the hour after; a time that happens twice, as its first.
 */
export function instantIn(wall: string, timeZone = siteZone): Date {
  const asUtc = new Date(`${wall.length === 10 ? `${wall}T00:00` : wall}Z`);
  if (Number.isNaN(asUtc.getTime())) return asUtc;
  const first = new Date(asUtc.getTime() - offsetAt(asUtc, timeZone));
  const second = new Date(asUtc.getTime() - offsetAt(first, timeZone));
  return offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : first;
}

/** "Nov 21, 2026", in the site's zone. */
export function formatDate(value: Date | string): string {
  return formatter("date").format(new Date(value));
}

/** "Monday, Nov 23" of a YYYY-MM-DD day (a calendar's day). */
export function formatWeekday(day: string): string {
  return formatter("weekday").format(startOfDay(day));
}

/** "Nov 21" of a YYYY-MM-DD day (a chart's axis and points). */
export function formatShortDay(day: string): string {
  return formatter("short").format(startOfDay(day));
}

/** "Nov 21, 2026, 2:05 PM EST": a moment with its zone (a schedule, an Amazon price's reading). */
export function formatDateTime(value: Date | string): string {
  return formatter("dateTime").format(new Date(value));
}

/** "Nov 21, 2026, 2:05:07 PM EST": a moment to the second, where minutes apart are too coarse (revisions). */
export function formatMoment(value: Date | string): string {
  return formatter("moment").format(new Date(value));
}

/** "9:00 AM", in the site's zone (a day's entries in the calendar). */
export function formatTime(value: Date | string): string {
  return formatter("time").format(new Date(value));
}

/** A YYYY-MM-DD day moved by `days` (calendar days, whatever the zone). */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A stored timestamp as the YYYY-MM-DD a date input shows, in the site's zone (spec: dates on edit). */
export function toDateInput(value: Date | string | null | undefined): string {
  if (!value) return "";
  const wall = wallOf(new Date(value));
  return `${wall.year}-${wall.month}-${wall.day}`;
}

/** A stored timestamp as a datetime-local input shows it, in the site's zone: "2026-11-24T09:00". */
export function toDateTimeInput(value: Date | string | null | undefined): string {
  if (!value) return "";
  const wall = wallOf(new Date(value));
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}`;
}

/** A date input's day as the first instant of that day in the site's zone. */
export function startOfDay(day: string): Date {
  return instantIn(day);
}

/** A date input's day as its last instant in the site's zone: a coupon valid until a day is valid all that day. */
export function endOfDay(day: string): Date {
  return new Date(instantIn(addCalendarDays(day, 1)).getTime() - 1);
}
