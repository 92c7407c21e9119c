import { sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { daysBefore, deleteInBatches } from "#app/db/delete-in-batches.server";

// Sign-in leaves rows behind that nothing reads once they are old: sessions and verifications past their
// expiry (better-auth removes one only when it meets it again) and sign-in attempts long past the 15-minute
// window the brute-force limits count. Anonymous visitors write attempts and passkey challenges, so
// without this both tables would grow with every attack. (Used authenticator codes are pruned per person
// as each new one is claimed: two-factor.server.ts.)

/** Sign-in attempts are kept a week: enough to look into an attack, though the limits count 15 minutes. */
export const SIGN_IN_ATTEMPTS_KEPT_DAYS = 7;

/** How many rows of each kind a run deleted (the job's summary). */
export type SignInUpkeep = { sessions: number; verifications: number; attempts: number };

/** Deletes the sign-in rows past their keeping at `now`; returns how many of each. */
export async function deleteStaleSignInRecords(db: Executor, now = new Date()): Promise<SignInUpkeep> {
  const at = now.toISOString();
  const sessions = await deleteInBatches(db, "sessions", sql`expires_at < ${at}::timestamptz`);
  const verifications = await deleteInBatches(db, "verifications", sql`expires_at < ${at}::timestamptz`);
  const attempts = await deleteInBatches(
    db,
    "login_attempts",
    sql`created_at < ${daysBefore(SIGN_IN_ATTEMPTS_KEPT_DAYS, now)}::timestamptz`,
  );
  return { sessions, verifications, attempts };
}
