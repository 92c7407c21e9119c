import { and, desc, eq, gt, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { loginAttempts } from "~/db/schema";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export interface LoginLimit {
  limited: boolean;
  /** When the oldest counted failure leaves the window. */
  retryAt?: Date;
}

async function failuresSince(db: Executor, where: SQL, since: Date) {
  const rows = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(where, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt));
  return rows.map((row) => row.createdAt);
}

/**
 * Whether this email or IP has failed too often in the last 15 minutes. For an email, a successful
 * sign-in starts its count again; for an IP, every failure in the window counts.
 */
export async function checkLoginLimit(db: Executor, email: string, ip: string, now = new Date()): Promise<LoginLimit> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [lastSuccess] = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, windowStart)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const emailSince = lastSuccess && lastSuccess.createdAt > windowStart ? lastSuccess.createdAt : windowStart;

  const checks: Array<[Date[], number]> = [
    [await failuresSince(db, eq(loginAttempts.email, email), emailSince), MAX_FAILURES_PER_EMAIL],
    [await failuresSince(db, eq(loginAttempts.ip, ip), windowStart), MAX_FAILURES_PER_IP],
  ];
  for (const [failures, max] of checks) {
    if (failures.length >= max) {
      // The attempt that brought the count to the limit leaves the window last among those needed.
      const oldestCounted = failures[max - 1]!;
      return { limited: true, retryAt: new Date(oldestCounted.getTime() + LOGIN_WINDOW_MS) };
    }
  }
  return { limited: false };
}

export async function recordLoginAttempt(db: Executor, attempt: { email: string; ip: string; succeeded: boolean }) {
  await db.insert(loginAttempts).values(attempt);
}
