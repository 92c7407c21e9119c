import { z } from "zod";

import { text } from "#app/lib/validation";

/** The login form: it asks for 6 characters, while accounts need 8 (newAccountSchema). */
export const loginSchema = z.object({
  email: text("Email is required")
    .trim()
    .min(1, "Email is required")
    .pipe(z.email("Invalid email address"))
    .transform((email) => email.toLowerCase()),
  password: text("Password is required")
    .min(1, "Password is required")
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
  redirectTo: text().max(2000).optional(),
  /** The browser's time zone: the site's until the owner chooses one (the first sign-in sets it). */
  timeZone: text().max(64).optional(),
});

export const MIN_ACCOUNT_PASSWORD = 8;

/** A new admin account (setup page and `npm run user:create`). */
export const newAccountSchema = z.object({
  email: loginSchema.shape.email,
  password: text("Password is required")
    .min(1, "Password is required")
    .min(MIN_ACCOUNT_PASSWORD, `Password must be at least ${MIN_ACCOUNT_PASSWORD} characters`)
    .max(128, "Password must be at most 128 characters"),
  name: text().trim().max(100).optional(),
});

export const setupSchema = newAccountSchema
  .extend({ confirmPassword: text("Please confirm the password"), token: text().min(1).max(200) })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
