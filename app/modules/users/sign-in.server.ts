import { eq } from "drizzle-orm";

import type { Database } from "#app/db/client.server";
import { sessions } from "#app/db/schema";
import { recordAudit } from "#app/modules/audit/audit.server";
import { type Auth, refusalCode } from "#app/platform/auth.server";

import { markSignedIn, startLoginAttempt } from "./login-attempts.server";
import { hasPasskey } from "./passkeys.server";

/** The same words for an unknown email and a wrong password: the form never says which. */
export const INVALID_CREDENTIALS = "Invalid email or password";

export type SignInResult =
  | { ok: true; cookies: string[]; user: { id: string; email: string } }
  /** The password was right and the account has two-factor sign-in: the cookies carry the plugin's challenge. */
  | { ok: "second-factor"; cookies: string[] }
  /** The password was right and the account's second factor is a passkey: no session (no cookies) until it is used. */
  | { ok: "passkey"; cookies: [] }
  | { ok: false; status: 401 | 429; message: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function signIn(
  db: Database,
  auth: Auth,
  attempt: { email: string; password: string; ip: string; headers: Headers },
  { now = new Date(), wait = sleep }: { now?: Date; wait?: (ms: number) => Promise<void> } = {},
): Promise<SignInResult> {
  const { email, password, ip } = attempt;
  const limit = await startLoginAttempt(db, email, ip, now);
  if (!limit.attemptId) {
    const minutes = Math.max(1, Math.ceil(((limit.retryAt?.getTime() ?? now.getTime()) - now.getTime()) / 60_000));
    await recordAudit(db, { action: "sign_in_failed", actor: { email }, detail: { reason: "rate_limited", ip } });
    return {
      ok: false,
      status: 429,
      message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  // An email under attack from many addresses: every attempt at it waits, the owner's included, none is refused.
  if (limit.delayMs > 0) await wait(limit.delayMs);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: attempt.headers,
      returnHeaders: true,
    });
    await markSignedIn(db, limit.attemptId);
    if ("twoFactorRedirect" in response) return { ok: "second-factor", cookies: headers.getSetCookie() };
    // A passkey counts as the account's second factor (a role required to have one may have it instead of an
    // app): the password alone must not open a session, so the one just made goes and the passkey finishes.
    if (await hasPasskey(db, response.user.id)) {
      await db.delete(sessions).where(eq(sessions.token, response.token));
      return { ok: "passkey", cookies: [] };
    }
    await recordAudit(db, { action: "sign_in", actor: { id: response.user.id, email } });
    return { ok: true, cookies: headers.getSetCookie(), user: { id: response.user.id, email } };
  } catch (error) {
    await refusalCode(error);
    await recordAudit(db, { action: "sign_in_failed", actor: { email }, detail: { reason: "credentials", ip } });
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
}

/** Deletes the session behind the request's cookie; returns the cookies that clear it in the browser. */
export async function signOut(
  db: Database,
  auth: Auth,
  request: Request,
  actor: { id: string; email: string },
): Promise<string[]> {
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  await recordAudit(db, { action: "sign_out", actor });
  return headers.getSetCookie();
}
