import { z } from "zod";

export const newsletterSchema = z.object({
  email: z
    .string({ message: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  // Honeypot: hidden from people, so anything in it came from a bot.
  website: z.string().optional(),
});
