import { z } from "zod";

import { text } from "#app/lib/validation";

export const contactSchema = z.object({
  name: text("Please enter your name")
    .trim()
    .min(1, "Please enter your name")
    .max(100, "Please use at most 100 characters"),
  email: text("Please enter your email address")
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  message: text("Please write a message")
    .trim()
    .min(10, "Please write at least 10 characters")
    .max(5000, "Please keep the message under 5000 characters"),
  // Honeypot: hidden from people.
  website: text().max(1000).optional(),
});
