import { z } from "zod";

import { plainNumber } from "#app/lib/money";
import { httpUrl, optionalText, reference, requiredText, text } from "#app/lib/validation";

/** A shopper's tip: the deal's address, what it is, its price as they saw it and why it is good. */
export const tipSchema = z.object({
  url: httpUrl("Please enter the deal's web address"),
  title: requiredText("Please say what the deal is", 200),
  // Typed as the shopper sees prices ("$1,099.99", "1.099,99 €"); optional.
  price: text()
    .trim()
    .max(30, "Please enter a price, like 19.99")
    .transform((value, context) => {
      if (!value) return undefined;
      const figure = Number(plainNumber(value));
      if (!Number.isFinite(figure) || figure <= 0 || figure > 99_999_999.99) {
        context.addIssue({ code: "custom", message: "Please enter a price, like 19.99" });
        return z.NEVER;
      }
      return figure;
    })
    .optional(),
  note: optionalText(1000),
  // Honeypot: hidden from people.
  website: text().max(1000).optional(),
});

export type Tip = z.infer<typeof tipSchema>;

/** How long a snoozed candidate stays out of the queue, in days. */
export const snoozeDays = ["1", "3", "7"] as const;

/**
 * A decision in the review queue on one candidate or many (a page's worth at most): approve as drafts,
 * publish, snooze, or reject with a reason, which every rejection needs.
 */
export const queueActionSchema = z
  .object({
    intent: z.enum(["approve", "publish", "snooze", "reject"], { message: "Choose what to do" }),
    ids: z
      .array(reference("Choose a candidate"))
      .min(1, "Choose at least one candidate")
      .max(100, "Choose at most 100 candidates at once"),
    reason: optionalText(200),
    days: z.enum(snoozeDays).default("1"),
  })
  .superRefine((action, context) => {
    if (action.intent === "reject" && !action.reason)
      context.addIssue({ code: "custom", path: ["reason"], message: "Please give a reason" });
  });
