import { and, asc, count, eq } from "drizzle-orm";

import type { Database } from "#app/db/client.server";
import { passkeys, sessions } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { recordAudit } from "#app/modules/audit/audit.server";
import { type Auth, refusalCode } from "#app/platform/auth.server";

// Passkeys through better-auth's passkey plugin (platform/auth.server.ts), called from our own actions. A
// passkey proves the device and its user (PIN or biometrics), so it signs in on its own and counts as a
// second factor: for a role that must have one, and for confirming it is you. Each step is a ceremony of
// two requests: options (the plugin keeps the challenge under a signed cookie) and the browser's answer.

export const PASSKEY_FAILED = "That passkey did not work. Try again, or sign in with your password.";
/** A person may keep this many: phones, laptops, security keys. */
export const MAX_PASSKEYS = 10;

export type Ceremony<T> = { ok: true; value: T; cookies: string[] } | { ok: false; message: string };

async function refused(error: unknown): Promise<{ ok: false; message: string }> {
  await refusalCode(error);
  return { ok: false, message: PASSKEY_FAILED };
}

/** Options for adding a passkey to the signed-in person's account. */
export async function registrationOptions(auth: Auth, headers: Headers, userId: string, db: Database) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if ((row?.n ?? 0) >= MAX_PASSKEYS)
    return { ok: false as const, message: `You have ${MAX_PASSKEYS} passkeys. Remove one to add another.` };
  try {
    const { headers: answer, response } = await auth.api.generatePasskeyRegistrationOptions({
      headers,
      returnHeaders: true,
    });
    return { ok: true as const, value: response, cookies: answer.getSetCookie() };
  } catch (error) {
    return refused(error);
  }
}

/** Keeps the passkey the browser made from the options. */
export async function register(
  db: Database,
  auth: Auth,
  request: { headers: Headers; actor: Actor },
  answer: { response: unknown; name: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await auth.api.verifyPasskeyRegistration({
      body: { response: answer.response, name: answer.name },
      headers: request.headers,
    });
  } catch (error) {
    return refused(error);
  }
  await recordAudit(db, {
    action: "two_factor",
    actor: request.actor,
    detail: { did: "passkey-add", name: answer.name },
  });
  return { ok: true };
}

/** Options for signing in or confirming with a passkey (any of this site's). */
export async function authenticationOptions(auth: Auth, headers: Headers): Promise<Ceremony<unknown>> {
  try {
    const { headers: answer, response } = await auth.api.generatePasskeyAuthenticationOptions({
      headers,
      returnHeaders: true,
    });
    return { ok: true, value: response, cookies: answer.getSetCookie() };
  } catch (error) {
    return refused(error);
  }
}

/** Checks the browser's answer; the plugin makes a session for its owner (the cookies set it). */
async function verify(auth: Auth, headers: Headers, response: unknown) {
  const { headers: answer, response: verified } = await auth.api.verifyPasskeyAuthentication({
    body: { response: response as never },
    headers,
    returnHeaders: true,
  });
  return {
    user: { id: verified.user.id, email: verified.user.email },
    token: verified.session.token,
    cookies: answer.getSetCookie(),
  };
}

/** Signs in with a passkey: no password, and no code, since the passkey is both. */
export async function signInWithPasskey(
  db: Database,
  auth: Auth,
  attempt: { headers: Headers; response: unknown; ip: string },
): Promise<Ceremony<Actor>> {
  try {
    const { user, cookies } = await verify(auth, attempt.headers, attempt.response);
    await recordAudit(db, { action: "sign_in", actor: user, detail: { secondFactor: "passkey" } });
    return { ok: true, value: user, cookies };
  } catch (error) {
    await recordAudit(db, { action: "sign_in_failed", detail: { reason: "passkey", ip: attempt.ip } });
    return refused(error);
  }
}

/**
 * Confirms it is the signed-in person with one of their passkeys. The plugin answers a right passkey with a
 * new session: it is deleted at once (its cookie is never sent), and the current session counts as confirmed.
 */
export async function confirmWithPasskey(
  db: Database,
  auth: Auth,
  request: { headers: Headers; response: unknown; sessionId: string; user: Actor },
): Promise<{ ok: true } | { ok: false; message: string }> {
  let verified;
  try {
    verified = await verify(auth, request.headers, request.response);
  } catch (error) {
    return refused(error);
  }
  await db.delete(sessions).where(eq(sessions.token, verified.token));
  if (verified.user.id !== request.user.id) return { ok: false, message: "That passkey is someone else's." };
  await db.update(sessions).set({ confirmedAt: new Date() }).where(eq(sessions.id, request.sessionId));
  await recordAudit(db, { action: "two_factor", actor: request.user, detail: { did: "confirm" } });
  return { ok: true };
}

/** A person's passkeys, oldest first. */
export function passkeysOf(db: Database, userId: string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
    .limit(MAX_PASSKEYS);
}

export async function hasPasskey(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/** Removes one of the person's own passkeys; false when it is not theirs (or gone). */
export async function removePasskey(db: Database, actor: Actor, id: string): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ name: passkeys.name });
  if (removed.length === 0) return false;
  await recordAudit(db, { action: "two_factor", actor, detail: { did: "passkey-remove", name: removed[0]!.name } });
  return true;
}
