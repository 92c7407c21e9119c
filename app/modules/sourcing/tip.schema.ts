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

/** Why the owner turned a candidate down: shown in the queue's history, required for a rejection. */
export const rejectSchema = z.object({
  id: reference("Choose a candidate"),
  reason: requiredText("Please give a reason", 200),
});
