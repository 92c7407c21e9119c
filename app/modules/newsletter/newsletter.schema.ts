import { z } from "zod";

import { text } from "#app/lib/validation";

export const newsletterSchema = z.object({
  email: text("Please enter your email address")
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  // Honeypot: hidden from people, so anything in it came from a bot.
  website: text().max(1000).optional(),
});

/** What a sign-up answers: shown under the footer's form. */
export interface NewsletterResult {
  ok: boolean;
  message: string;
}
