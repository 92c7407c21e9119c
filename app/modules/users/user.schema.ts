import { z } from "zod";

/** The login form (spec §5): its 6-character rule is the form's; accounts need 8 (newAccountSchema). */
export const loginSchema = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .pipe(z.email("Invalid email address"))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .min(6, "Password must be at least 6 characters"),
  redirectTo: z.string().optional(),
});

export const MIN_ACCOUNT_PASSWORD = 8;

/** A new admin account (setup page and `npm run user:create`). */
export const newAccountSchema = z.object({
  email: loginSchema.shape.email,
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .min(MIN_ACCOUNT_PASSWORD, `Password must be at least ${MIN_ACCOUNT_PASSWORD} characters`)
    .max(128, "Password must be at most 128 characters"),
  name: z.string().trim().max(100).optional(),
});

export const setupSchema = newAccountSchema
  .extend({ confirmPassword: z.string({ message: "Please confirm the password" }), token: z.string().min(1) })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
