import { z } from "zod";

import { choice, reference, text } from "#app/lib/validation";

import { roles } from "./roles";
import { loginSchema, newAccountSchema } from "./user.schema";

// The users page's forms (one schema per intent) and the invitation's acceptance.

const role = () => choice(roles);
const user = () => reference("Choose a user from the list");

export const inviteSchema = z.object({ intent: z.literal("invite"), email: loginSchema.shape.email, role: role() });
export const changeRoleSchema = z.object({ intent: z.literal("role"), userId: user(), role: role() });
export const removeUserSchema = z.object({ intent: z.literal("remove"), userId: user() });
export const revokeInvitationSchema = z.object({
  intent: z.literal("revoke"),
  invitationId: reference("Choose an invitation from the list"),
});

export const resetTwoFactorSchema = z.object({ intent: z.literal("reset-two-factor"), userId: user() });
/** The roles that must sign in with two factors: one checkbox each, sent as `roles` once per ticked box. */
export const requireTwoFactorSchema = z.object({
  intent: z.literal("require-two-factor"),
  roles: z.array(role()).max(roles.length),
});

export const teamActionSchema = z.discriminatedUnion("intent", [
  inviteSchema,
  changeRoleSchema,
  removeUserSchema,
  revokeInvitationSchema,
  resetTwoFactorSchema,
  requireTwoFactorSchema,
]);

/** The invited person's own details; the email and role are the invitation's. */
export const acceptInvitationSchema = z
  .object({
    id: reference("This invitation link is not valid."),
    token: text().min(1).max(200),
    name: newAccountSchema.shape.name,
    password: newAccountSchema.shape.password,
    confirmPassword: text("Please confirm the password"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
