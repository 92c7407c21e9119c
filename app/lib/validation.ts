import { z } from "zod";

import { instantIn } from "./dates";
import { slugify } from "./slugify";
import { isHttpUrl, isImageUrl } from "./urls";
import { isUuid } from "./uuid";

// Field rules shared by every content form; the messages are the spec's where it gives them.

export const HTTP_URL_MESSAGE = "Enter a full URL starting with http:// or https://";
export const IMAGE_URL_MESSAGE = "Enter a full image URL starting with http:// or https://";
export const SLUG_TAKEN = "Slug already in use";

export const contentStatuses = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof contentStatuses)[number];

export const INVALID_CHARACTER = "Remove the invalid character (a NUL byte) from this field";
export const INVALID_DATE = "Enter a valid date";
export const INVALID_DATE_TIME = "Enter a valid date and time";

/**
 * Every text field of every form starts here (an ESLint rule keeps schemas off bare z.string()).
 * PostgreSQL cannot store the NUL character, so it is refused at the field instead of failing the save.
 */
export const text = (message?: string) =>
  z.string(message ? { message } : undefined).refine((value) => !value.includes("\0"), INVALID_CHARACTER);

export const requiredText = (message: string, max = 300) =>
  text(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 5000) => text().trim().max(max, `Must be at most ${max} characters`).optional();

/** A typed slug (normalised by withSlug/resolveSlug; empty means "from the title"). */
export const optionalSlug = (max: number) => optionalText(max);

export const httpUrl = (requiredMessage: string) =>
  requiredText(requiredMessage, 2000).refine(isHttpUrl, HTTP_URL_MESSAGE);
export const optionalHttpUrl = () => text().trim().max(2000).refine(isHttpUrl, HTTP_URL_MESSAGE).optional();
export const imageUrl = (requiredMessage: string) =>
  requiredText(requiredMessage, 2000).refine(isImageUrl, IMAGE_URL_MESSAGE);
export const optionalImageUrl = () => text().trim().max(2000).refine(isImageUrl, IMAGE_URL_MESSAGE).optional();

/** A number field: empty says `requiredMessage`, anything else that is no number "Enter a number". */
const requiredNumber = (requiredMessage: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : "Enter a number") });

/** Dollars with cents: at least 0.01. */
export const money = (requiredMessage: string, minMessage: string) =>
  requiredNumber(requiredMessage).min(0.01, minMessage).max(99_999_999.99, "Amount is too large");

export const optionalMoney = (minMessage: string) =>
  z.number({ message: "Enter a number" }).min(0.01, minMessage).max(99_999_999.99, "Amount is too large").optional();

export const rating = () =>
  z
    .number({ message: "Enter a number" })
    .min(0, "Rating must be between 0 and 5")
    .max(5, "Rating must be between 0 and 5")
    .optional();

export const wholeCount = (label: string) =>
  z
    .number({ message: "Enter a whole number" })
    .int("Enter a whole number")
    .min(0, `${label} cannot be negative`)
    .optional();

export const checkbox = () => z.boolean().default(false);

/** One of a fixed set: a select offers only these, and a CSV line that says otherwise is told which. */
export const choice = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: () => `Choose one of: ${values.join(", ")}` });

export const status = () => choice(contentStatuses).default("draft");

/** An id chosen from a select: present and a UUID. */
export const reference = (message: string) => text(message).refine(isUuid, message);
export const optionalReference = () => text().refine(isUuid, "Choose an option from the list").optional();

/** Years a date field accepts: wide for real use, narrow enough for every database and date library. */
const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

/** Whether a YYYY-MM-DD string names a real day (no 30 February) in the years above. */
export function isCalendarDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A YYYY-MM-DD date from a date input. */
export const optionalDate = () =>
  text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: INVALID_DATE, abort: true })
    .refine(isCalendarDay, INVALID_DATE)
    .optional();

/** A datetime-local input's value ("2026-11-24T09:00") in the site's time zone, or a bare day's start. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/;
const instantOf = (value: string) => instantIn(value);

/** A date and time from a datetime-local input, as the instant it names. */
export const optionalDateTime = () =>
  text()
    .trim()
    .regex(DATE_TIME, { message: INVALID_DATE_TIME, abort: true })
    .refine(
      (value) => isCalendarDay(value.slice(0, 10)) && !Number.isNaN(instantOf(value).getTime()),
      INVALID_DATE_TIME,
    )
    .transform(instantOf)
    .optional();

/**
 * The slug rule, as the last step of a form's schema: an empty slug is made from the source field (title or
 * name), a typed one is normalised, and 'Slug is required' when neither gives a usable slug. The output's
 * slug is final, so nothing after validation derives it again.
 */
export function slugged<Shape extends z.ZodRawShape & { slug: z.ZodType<string | undefined> }>(
  schema: z.ZodObject<Shape>,
  sourceKey: keyof Shape & string,
) {
  const slugOf = (value: Record<string, unknown>) => slugify(String(value.slug || value[sourceKey] || ""));
  return schema
    .superRefine((value, ctx) => {
      if (!slugOf(value)) ctx.addIssue({ code: "custom", path: ["slug"], message: "Slug is required" });
    })
    .transform((value) => ({ ...value, slug: slugOf(value) }));
}

/**
 * A form's values as table columns: every field of its object schema, an absent optional one as null (so
 * saving an edit clears what the form left empty, instead of keeping the old value).
 */
export function formColumns(fields: z.ZodObject, input: object): Record<string, unknown> {
  const values = input as Record<string, unknown>;
  return Object.fromEntries(Object.keys(fields.shape).map((key) => [key, values[key] ?? null]));
}

/** A list from repeated inputs (`name[0]`, `name[1]`…); missing means empty. */
export const stringList = (item: z.ZodType<string>) => z.array(item).max(100, "At most 100 entries").default([]);
