import { z } from "zod";

import { alertFrequencies } from "#app/db/schema/alerts";
import { text } from "#app/lib/validation";
import { newsletterSchema } from "#app/modules/newsletter/newsletter.schema";

const slug = text()
  .trim()
  .regex(/^[a-z0-9-]{0,120}$/, "Choose from the list")
  .optional();
const blankAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** What an alert asks for (the form on /alerts/new and the manage page share it). */
export const alertCriteriaSchema = z
  .object({
    keywords: text().trim().max(100, "Must be at most 100 characters").default(""),
    store: slug,
    category: slug,
    maxPrice: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ message: "Enter a price in dollars" })
        .min(0.01, "Enter a price of at least $0.01")
        .max(1_000_000)
        .optional(),
    ),
    minDiscount: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ message: "Enter a whole percentage" })
        .int("Enter a whole percentage")
        .min(1, "Enter 1 to 99")
        .max(99, "Enter 1 to 99")
        .optional(),
    ),
    frequency: z.enum(alertFrequencies).catch("instant").default("instant"),
  })
  .refine((alert) => alert.keywords || alert.store || alert.category, {
    message: "Enter keywords, or choose a store or a category",
    path: ["keywords"],
  });

export const newAlertSchema = alertCriteriaSchema.and(newsletterSchema.pick({ email: true, website: true }));

export type AlertCriteriaInput = z.infer<typeof alertCriteriaSchema>;
