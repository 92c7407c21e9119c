import { isHttpUrl } from "#app/lib/urls";

// Reading a source's values as they come (strings, numbers, nested objects), the same way in every adapter.

type Json = Record<string, unknown>;

/** An object, or an empty one for anything else. */
export const objectOf = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};

/** Text, trimmed; a number as its digits; anything else as "". */
export const textOf = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** An http(s) address as the source wrote it (a tracking link is never re-encoded), or null. */
export function webAddressOf(value: unknown): string | null {
  const text = textOf(value);
  return isHttpUrl(text) ? text : null;
}

/** A date: Unix seconds, as some networks write them, or anything Date reads (ISO 8601, "2026-12-31"). */
export function dateOf(value: unknown): Date | null {
  const text = textOf(value);
  if (!text) return null;
  const date = /^\d{9,10}$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
