import { z } from "zod";
import { slugify } from "./slugify";
import { isHttpUrl, isImageUrl } from "./urls";

// Field rules shared by every content form; the messages are the spec's where it gives them.

export const HTTP_URL_MESSAGE = "Enter a full URL starting with http:// or https://";
export const IMAGE_URL_MESSAGE = "Enter a full image URL starting with http:// or https://";
export const SLUG_TAKEN = "Slug already in use";

export const contentStatuses = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof contentStatuses)[number];

export const requiredText = (message: string, max = 300) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 5000) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

export const httpUrl = (requiredMessage: string) => requiredText(requiredMessage, 2000).refine(isHttpUrl, HTTP_URL_MESSAGE);
export const optionalHttpUrl = () => z.string().trim().max(2000).refine(isHttpUrl, HTTP_URL_MESSAGE).optional();
export const imageUrl = (requiredMessage: string) => requiredText(requiredMessage, 2000).refine(isImageUrl, IMAGE_URL_MESSAGE);
export const optionalImageUrl = () => z.string().trim().max(2000).refine(isImageUrl, IMAGE_URL_MESSAGE).optional();

/** Dollars with cents: at least 0.01. */
export const money = (requiredMessage: string, minMessage: string) =>
  z.number({ message: requiredMessage }).min(0.01, minMessage).max(99_999_999.99, "Amount is too large");

export const optionalMoney = (minMessage: string) => z.number({ message: "Enter a number" }).min(0.01, minMessage).max(99_999_999.99, "Amount is too large").optional();

export const rating = () =>
  z.number({ message: "Enter a number" }).min(0, "Rating must be between 0 and 5").max(5, "Rating must be between 0 and 5").optional();

export const wholeCount = (label: string) =>
  z.number({ message: "Enter a whole number" }).int("Enter a whole number").min(0, `${label} cannot be negative`).optional();

export const checkbox = () => z.boolean().default(false);

export const status = () => z.enum(contentStatuses).default("draft");

/** An id chosen from a select: present and a UUID. */
export const reference = (message: string) => z.string({ message }).uuid(message);
export const optionalReference = () => z.string().uuid("Choose an option from the list").optional();

/** A YYYY-MM-DD date from a date input. */
export const optionalDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Enter a real date")
    .optional();

/**
 * The slug rule on an object with a slug and a source field (title or name): an empty slug is generated
 * from the source; a typed one is normalised; 'Slug is required' when neither gives a usable slug.
 */
export function withSlug<Shape extends { slug?: string | undefined }>(sourceKey: keyof Shape & string) {
  return (value: Shape, ctx: z.RefinementCtx) => {
    const source = value[sourceKey];
    if (!slugify(value.slug || (typeof source === "string" ? source : ""))) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Slug is required" });
    }
  };
}

export function resolveSlug(slug: string | undefined, source: string): string {
  return slugify(slug || source);
}

/** A list from repeated inputs (`name[0]`, `name[1]`…); missing means empty. */
export const stringList = (item: z.ZodType<string>) => z.array(item).default([]);
