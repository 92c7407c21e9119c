import { z } from "zod";

import { reference, text } from "#app/lib/validation";

export const CODE_KINDS = ["totp", "backup"] as const;

/** An authenticator's 6 digits (spaces allowed, as apps show them), or a backup code (`abcde-12345`). */
const CODE_SHAPES = {
  totp: { pattern: /^\d{6}$/, message: "Enter the 6-digit code from your authenticator app" },
  backup: { pattern: /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, message: "Enter one of your backup codes, like abcde-12345" },
};

/** A second-factor code, on the sign-in's second step and when confirming it is you. */
export const codeSchema = z
  .object({
    kind: z.enum(CODE_KINDS).default("totp"),
    code: text("Enter the code").trim().min(1, "Enter the code").max(40),
    redirectTo: text().max(2000).optional(),
  })
  .superRefine((value, context) => {
    const shape = CODE_SHAPES[value.kind];
    if (!shape.pattern.test(value.code.replace(/\s+/g, "")))
      context.addIssue({ code: "custom", message: shape.message, path: ["code"] });
  });

/** Confirming it is you without a second factor set up: the password again. */
export const confirmPasswordSchema = z.object({
  password: text("Password is required").min(1, "Password is required").max(128),
  redirectTo: text().max(2000).optional(),
});

/** The security page's forms, by intent: each that changes the second factor asks for the password. */
export const securitySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), password: confirmPasswordSchema.shape.password }),
  z.object({
    intent: z.literal("confirm"),
    code: text("Enter the code").trim().min(1, "Enter the code").max(40),
    /** The enrolment shown, sent back so a mistyped code does not hide it. */
    uri: text().max(500).startsWith("otpauth://totp/"),
    backupCodes: text().max(400),
  }),
  z.object({ intent: z.literal("backup-codes"), password: confirmPasswordSchema.shape.password }),
  z.object({ intent: z.literal("turn-off"), password: confirmPasswordSchema.shape.password }),
  z.object({ intent: z.literal("remove-passkey"), passkeyId: reference("Choose a passkey from the list") }),
]);

/** A browser's WebAuthn answer, as JSON text in a form field; its shape is the passkey plugin's to check. */
const webAuthnAnswer = text("The passkey did not answer")
  .max(20_000)
  .transform((value, context) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Reported below.
    }
    context.addIssue({ code: "custom", message: "The passkey did not answer" });
    return z.NEVER;
  });

/** The passkey ceremonies of a signed-in person: adding one, and confirming it is them. */
export const passkeyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("register-options") }),
  z.object({
    intent: z.literal("register"),
    response: webAuthnAnswer,
    name: text().trim().min(1, "Name the passkey").max(60, "Keep the name under 60 characters"),
  }),
  z.object({ intent: z.literal("confirm-options") }),
  z.object({ intent: z.literal("confirm"), response: webAuthnAnswer }),
]);

/** Signing in with a passkey. */
export const passkeySignInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({ intent: z.literal("verify"), response: webAuthnAnswer, redirectTo: text().max(2000).optional() }),
]);
