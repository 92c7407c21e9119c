import { instantIn } from "#app/lib/dates";
import type { DateOrder } from "#app/lib/earnings-csv";

// The dates networks' reports write, read the one way every import reads them (the CSV upload's mapping and
// Amazon's earnings report alike).

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const DAY_FIRST_OR_MONTH_FIRST =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;

const pad = (value: number | string) => String(value).padStart(2, "0");

/**
 * A report's date: year first (ISO, with or without a time or zone) or, in the report's `order`, month or
 * day first ("11/24/2026 3:05 PM", "24.11.2026 15:05"). A time without a zone is the site's. Null when it
 * is no real date.
 */
export function reportDateOf(text: string, order: DateOrder, timeZone: string): Date | null {
  const iso = ISO_DATE.exec(text);
  const other = iso ? null : DAY_FIRST_OR_MONTH_FIRST.exec(text);
  if (!iso && !other) return null;
  let year: number, month: number, day: number, hour: number, minute: number, second: number;
  let zone: string | undefined;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    [hour, minute, second] = [Number(iso[4] ?? 0), Number(iso[5] ?? 0), Number(iso[6] ?? 0)];
    zone = iso[7];
  } else {
    const [first, next] = [Number(other![1]), Number(other![2])];
    [month, day] = order === "mdy" ? [first, next] : [next, first];
    year = Number(other![3]) + (other![3]!.length === 2 ? 2000 : 0);
    [hour, minute, second] = [Number(other![4] ?? 0), Number(other![5] ?? 0), Number(other![6] ?? 0)];
    const half = other![7]?.toUpperCase();
    if (half && (hour < 1 || hour > 12)) return null;
    if (half) hour = (hour % 12) + (half === "PM" ? 12 : 0);
  }
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    asUtc.getUTCFullYear() === year &&
    asUtc.getUTCMonth() === month - 1 &&
    asUtc.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!real || year < 1990 || year > 2200) return null;
  const wall = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
  if (!zone) return instantIn(wall, timeZone);
  const offset = zone.toUpperCase() === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return new Date(`${wall}${offset}`);
}
