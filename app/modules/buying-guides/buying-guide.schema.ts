import { z } from "zod";

import { isBlankHtml } from "#app/lib/html-text";
import { splitTags } from "#app/lib/tags";
import {
  checkbox,
  imageUrl,
  optionalReference,
  optionalSlug,
  optionalText,
  requiredText,
  slugged,
  status,
  text,
} from "#app/lib/validation";
import { scheduleFields, scheduleInOrder } from "#app/modules/content-types/schedule";

/** The form's fields (also what `toRow` maps to columns). */
export const buyingGuideFields = z.object({
  title: requiredText("Title is required", 200),
  slug: optionalSlug(200),
  excerpt: optionalText(1000),
  content: text("Content is required")
    .max(200_000, "The content is too long")
    .refine((html) => !isBlankHtml(html), "Content is required"),
  coverImageUrl: imageUrl("Cover image is required"),
  categoryId: optionalReference(),
  readTime: z
    .number({ message: "Enter a whole number of minutes" })
    .int("Enter a whole number of minutes")
    .min(1, "Read time must be at least 1 minute")
    .max(600)
    .optional(),
  tags: text().max(1000).optional().transform(splitTags),
  status: status(),
  ...scheduleFields,
  featured: checkbox(),
});

export const buyingGuideSchema = slugged(buyingGuideFields, "title").superRefine(scheduleInOrder);

export type BuyingGuideInput = z.output<typeof buyingGuideSchema>;
