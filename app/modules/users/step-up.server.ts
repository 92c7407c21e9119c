import { eq } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { announceContentChange } from "#app/db/content-change-notice.server";
import { sessions, siteSettings } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { recordAudit } from "#app/modules/audit/audit.server";
import { allowAttempt, type RateLimit } from "#app/modules/rate-limit/rate-limit.server";
import { type Auth, refusalCode } from "#app/platform/auth.server";
import { forgetContentMemos, keptUntilContentChanges } from "#app/platform/content-memo.server";
import { getEnv } from "#app/platform/env.server";

import { hasPasskey } from "./passkeys.server";
import { isRole, type Role } from "./roles";
import { checkCode, type CodeKind, WRONG_PASSWORD } from "./two-factor.server";

// Two rules on top of roles (require-admin.server.ts applies both): the roles that must sign in with a second
// factor, and the changes that ask a person to confirm it is them when they last did more than ten minutes
// ago (admin-access.ts marks those pages).

/** How long a confirmation lasts for changes that ask for one (ten minutes unless STEP_UP_MINUTES says). */
export const stepUpMs = () => getEnv().STEP_UP_MINUTES * 60_000;

export const TWO_FACTOR_FIRST =
  "Your role must sign in with two factors. Set up an authenticator app under Security first.";
export const TOO_MANY_CONFIRMATIONS = "Too many tries. Wait a quarter of an hour, then try again.";
/** Tries at confirming, per person: enough for typos, too few to guess a code. */
const CONFIRM_LIMIT: RateLimit = { bucket: "confirm", max: 10, windowMs: 15 * 60 * 1000 };

const KEY = "two-factor-roles";

/** The roles the owner requires two-factor sign-in of (none until they choose). */
export const readRequiredRoles = keptUntilContentChanges(async (db: Executor): Promise<Role[]> => {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  return Array.isArray(row?.value) ? row.value.filter(isRole) : [];
});

export async function saveRequiredRoles(db: Database, roles: Role[], actor: Actor): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: roles })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: roles, updatedAt: new Date() } });
  await recordAudit(db, { action: "two_factor", actor, detail: { did: "require", roles } });
  await announceContentChange(db, "site_settings");
  forgetContentMemos();
}

/** Whether the session proved who is behind it within the last STEP_UP_MINUTES. */
export async function recentlyConfirmed(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ at: sessions.confirmedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row !== undefined && Date.now() - row.at.getTime() <= stepUpMs();
}

export const CONFIRM_FIRST = "Confirm it's you first: a new passkey signs in without your password.";

export type Confirmation = { kind: CodeKind; code: string } | { kind: "password"; password: string };

/**
 * Confirms it is the session's person: a second-factor code when they have one set up, their password when
 * not. The session counts as confirmed now; false with the reason otherwise.
 */
export async function confirmIdentity(
  db: Database,
  auth: Auth,
  request: { headers: Headers; sessionId: string; user: Actor & { twoFactorEnabled: boolean } },
  confirmation: Confirmation,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!(await allowAttempt(db, CONFIRM_LIMIT, request.user.id))) return { ok: false, message: TOO_MANY_CONFIRMATIONS };
  const withCode = request.user.twoFactorEnabled;
  // The page asked for what the person had when it was drawn; the server decides on what they have now. A
  // password alone does not confirm someone who has a second factor.
  if (confirmation.kind === "password" && (withCode || (await hasPasskey(db, request.user.id))))
    return { ok: false, message: "Confirm with your passkey or a code from your authenticator app." };
  if (!withCode && confirmation.kind !== "password") return { ok: false, message: "Confirm with your password." };
  if (confirmation.kind === "password") {
    try {
      await auth.api.verifyPassword({ body: { password: confirmation.password }, headers: request.headers });
    } catch (error) {
      await refusalCode(error);
      return { ok: false, message: WRONG_PASSWORD };
    }
  } else {
    const checked = await checkCode(db, auth, { ...confirmation, headers: request.headers, userId: request.user.id });
    if (!checked.ok) return checked;
  }
  await db.update(sessions).set({ confirmedAt: new Date() }).where(eq(sessions.id, request.sessionId));
  await recordAudit(db, { action: "two_factor", actor: request.user, detail: { did: "confirm" } });
  return { ok: true };
}
