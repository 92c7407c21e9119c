import { and, eq, gt, lt } from "drizzle-orm";

import type { Database } from "#app/db/client.server";
import { sessions, usedTotpCodes, users, verifications } from "#app/db/schema";
import { readCookie } from "#app/lib/cookies";
import { recordAudit } from "#app/modules/audit/audit.server";
import { twoFactorSealedElsewhere } from "#app/modules/backups/sealed-secrets.server";
import { type Auth, refusalCode } from "#app/platform/auth.server";

// Two-factor sign-in through better-auth's plugin (platform/auth.server.ts): an authenticator app (TOTP) and
// ten one-time backup codes. The plugin checks codes; this module adds what it leaves out (a TOTP code
// works once) and speaks our words. docs/two-factor.md tells the owner how it works and how to recover.

export const WRONG_CODE = "That code is not right. Type the newest code your authenticator app shows.";
export const REUSED_CODE = "That code has been used already. Wait for the next one in your authenticator app.";
export const WRONG_BACKUP_CODE = "That backup code is not right, or it has been used already.";
export const CHALLENGE_ENDED = "This sign-in has ended. Sign in again with your email and password.";
export const WRONG_PASSWORD = "That password is not right.";
export const TWO_FACTOR_UNREADABLE =
  "This account's two-factor secret cannot be read with this site's app secret (it changed, or the site was restored without its app-secret file), so no code can work. An owner can reset your two-factor under Admin → Users; then sign in with your password and set it up again.";

/** A code counts for its 30-second step and the steps either side: kept this long, a used one is refused. */
const CODE_LIFETIME_MS = 2 * 60 * 1000;

export type CodeKind = "totp" | "backup";

export type CodeResult =
  { ok: true; cookies: string[]; user: { id: string; email: string } } | { ok: false; message: string };

function messageFor(code: string, kind: CodeKind): string {
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return CHALLENGE_ENDED;
  return kind === "backup" ? WRONG_BACKUP_CODE : WRONG_CODE;
}

/**
 * Marks an authenticator code used by this person; false when it was already. The insert is the claim, so
 * two requests with one code cannot both pass.
 */
async function claimCode(db: Database, userId: string, code: string): Promise<boolean> {
  await db
    .delete(usedTotpCodes)
    .where(and(eq(usedTotpCodes.userId, userId), lt(usedTotpCodes.usedAt, new Date(Date.now() - CODE_LIFETIME_MS))));
  const claimed = await db.insert(usedTotpCodes).values({ userId, code }).onConflictDoNothing().returning();
  return claimed.length === 1;
}

const releaseCode = (db: Database, userId: string, code: string) =>
  db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.code, code)));

/**
 * The person a sign-in's second step is for, from the plugin's challenge cookie (`dealdash.two_factor`,
 * naming a verification row that holds the user's id), so a used code is refused before the challenge is
 * spent. The plugin checks the cookie's signature itself when the code is sent.
 */
export async function challengedUser(db: Database, headers: Headers): Promise<string | null> {
  const cookies = headers.get("cookie");
  const signed = readCookie(cookies, "dealdash.two_factor") ?? readCookie(cookies, "__Secure-dealdash.two_factor");
  const identifier = signed ? signed.split(".")[0] : "";
  if (!identifier) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return row?.userId ?? null;
}

/** The second step of a sign-in: a code from the authenticator app or a backup code, against the challenge cookie. */
export async function completeSignIn(
  db: Database,
  auth: Auth,
  attempt: { kind: CodeKind; code: string; headers: Headers; ip: string; appSecret: string },
): Promise<CodeResult> {
  const code = attempt.code.replace(/\s+/g, "");
  const userId = await challengedUser(db, attempt.headers);
  if (attempt.kind === "totp") {
    if (!userId) return { ok: false, message: CHALLENGE_ENDED };
    if (await isUsed(db, userId, code)) return { ok: false, message: REUSED_CODE };
  }
  try {
    const verify = attempt.kind === "totp" ? auth.api.verifyTOTP : auth.api.verifyBackupCode;
    const { headers, response } = await verify({ body: { code }, headers: attempt.headers, returnHeaders: true });
    const user = { id: response.user.id, email: response.user.email };
    // Two requests with one code may both get past the check above: the claim lets one through.
    if (attempt.kind === "totp" && !(await claimCode(db, user.id, code))) {
      await db.delete(sessions).where(eq(sessions.token, response.token ?? ""));
      return { ok: false, message: REUSED_CODE };
    }
    await recordAudit(db, { action: "sign_in", actor: user, detail: { secondFactor: attempt.kind } });
    return { ok: true, cookies: headers.getSetCookie(), user };
  } catch (error) {
    // Sealed with another app secret (a restore without its app-secret file), no code of either kind can work:
    // asked only once a code failed, so a sign-in that works pays nothing for it.
    if (userId && (await twoFactorSealedElsewhere(db, userId, attempt.appSecret)))
      return { ok: false, message: TWO_FACTOR_UNREADABLE };
    const refused = await refusalCode(error);
    // Logged under the person whose password was right, so Activity shows whose second step failed.
    await recordAudit(db, {
      action: "sign_in_failed",
      actor: userId ? await personOf(db, userId) : null,
      detail: { reason: attempt.kind === "totp" ? "code" : "backup_code", ip: attempt.ip },
    });
    return { ok: false, message: messageFor(refused, attempt.kind) };
  }
}

async function personOf(db: Database, userId: string): Promise<{ id: string; email: string } | null> {
  const [person] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return person ?? null;
}

async function isUsed(db: Database, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: usedTotpCodes.code })
    .from(usedTotpCodes)
    .where(
      and(
        eq(usedTotpCodes.userId, userId),
        eq(usedTotpCodes.code, code),
        gt(usedTotpCodes.usedAt, new Date(Date.now() - CODE_LIFETIME_MS)),
      ),
    );
  return Boolean(row);
}

/**
 * Checks a signed-in person's code (step-up, and the first code that turns the app on): true when right.
 * A TOTP code is claimed first and given back if wrong.
 */
export async function checkCode(
  db: Database,
  auth: Auth,
  check: { kind: CodeKind; code: string; headers: Headers; userId: string },
): Promise<{ ok: true; cookies: string[] } | { ok: false; message: string }> {
  const code = check.code.replace(/\s+/g, "");
  if (check.kind === "totp" && !(await claimCode(db, check.userId, code))) return { ok: false, message: REUSED_CODE };
  try {
    const verify = check.kind === "totp" ? auth.api.verifyTOTP : auth.api.verifyBackupCode;
    const { headers } = await verify({ body: { code }, headers: check.headers, returnHeaders: true });
    return { ok: true, cookies: headers.getSetCookie() };
  } catch (error) {
    const refused = await refusalCode(error);
    if (check.kind === "totp") await releaseCode(db, check.userId, code);
    return { ok: false, message: messageFor(refused, check.kind) };
  }
}

export interface Enrolment {
  /** otpauth:// URI the QR code carries. */
  uri: string;
  /** The secret in the URI, for typing into an app by hand. */
  secret: string;
  backupCodes: string[];
}

/** Starts (or restarts) setting up an authenticator app; false for a wrong password. */
export async function startEnrolment(auth: Auth, headers: Headers, password: string): Promise<Enrolment | false> {
  try {
    const result = await auth.api.enableTwoFactor({ body: { password }, headers });
    if (!("totpURI" in result) || !result.totpURI || !result.backupCodes) return false;
    return {
      uri: result.totpURI,
      secret: new URL(result.totpURI).searchParams.get("secret") ?? "",
      backupCodes: result.backupCodes,
    };
  } catch (error) {
    await refusalCode(error);
    return false;
  }
}

/** New backup codes in place of the old ones; false for a wrong password. */
export async function newBackupCodes(auth: Auth, headers: Headers, password: string): Promise<string[] | false> {
  try {
    return (await auth.api.generateBackupCodes({ body: { password }, headers })).backupCodes;
  } catch (error) {
    await refusalCode(error);
    return false;
  }
}

/** Turns two-factor sign-in off for the signed-in person; the cookies of the session it renews, or false for a wrong password. */
export async function turnOff(auth: Auth, headers: Headers, password: string): Promise<string[] | false> {
  try {
    const { headers: answer } = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
    return answer.getSetCookie();
  } catch (error) {
    await refusalCode(error);
    return false;
  }
}
