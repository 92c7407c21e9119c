import { and, count, desc, eq, gt, type SQL } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { loginAttempts } from "#app/db/schema";
import { visitorBlock } from "#app/lib/visitor-block";
import { lockKey } from "#app/modules/rate-limit/rate-limit.server";

// Brute-force limits that cannot be turned against the owner. An address that keeps failing for one email
// is blocked for that email, an address failing across emails is blocked, and an email failing from many
// addresses is slowed down rather than blocked, so its owner can still sign in from a clean address.

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 20;
/** Failures for one email, from any address, before its attempts are slowed down. */
export const SLOW_DOWN_AFTER = 5;
export const MAX_DELAY_MS = 10_000;

export interface LoginLimit {
  limited: boolean;
  /** When the oldest counted failure leaves the window. */
  retryAt?: Date;
  /** How long to wait before checking the password: grows with the email's failures from anywhere. */
  delayMs: number;
}

/** 250 ms at the first failure past the threshold, doubling with each further one, at most 10 s. */
export function delayForEmailFailures(failures: number): number {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (failures - SLOW_DOWN_AFTER));
}

async function failuresSince(db: Executor, where: SQL, since: Date, limit: number) {
  const rows = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(where, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/**
 * The limits for an attempt at `email` from `ip` in the last 15 minutes. A successful sign-in starts the
 * email's counts again; an address's count across emails runs for the whole window.
 */
async function checkLoginLimit(db: Executor, email: string, ip: string, now = new Date()): Promise<LoginLimit> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [lastSuccess] = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, windowStart)),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const emailSince = lastSuccess?.createdAt ?? windowStart;

  const blocks: Array<[Date[], number]> = [
    [
      await failuresSince(
        db,
        and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip))!,
        emailSince,
        MAX_FAILURES_PER_EMAIL_AND_IP,
      ),
      MAX_FAILURES_PER_EMAIL_AND_IP,
    ],
    [await failuresSince(db, eq(loginAttempts.ip, ip), windowStart, MAX_FAILURES_PER_IP), MAX_FAILURES_PER_IP],
  ];
  for (const [failures, max] of blocks) {
    if (failures.length >= max) {
      // The attempt that brought the count to the limit leaves the window last among those needed.
      const oldestCounted = failures[max - 1]!;
      return { limited: true, retryAt: new Date(oldestCounted.getTime() + LOGIN_WINDOW_MS), delayMs: 0 };
    }
  }
  const [emailFailures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, emailSince)),
    );
  return { limited: false, delayMs: delayForEmailFailures(emailFailures?.n ?? 0) };
}

/**
 * Checks the limits and, within them, records the attempt as failed until `markSignedIn` says otherwise,
 * as one step under the address's lock: 200 wrong passwords sent at once meet the limit as if sent one by
 * one, instead of all being checked before any was counted. An IPv6 address counts by its /64.
 */
export async function startLoginAttempt(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<LoginLimit & { attemptId?: string }> {
  const block = visitorBlock(ip);
  return db.transaction(async (tx) => {
    await lockKey(tx, `sign-in:${block}`);
    const limit = await checkLoginLimit(tx, email, block, now);
    if (limit.limited) return limit;
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ email, ip: block, succeeded: false })
      .returning({ id: loginAttempts.id });
    return { ...limit, attemptId: attempt!.id };
  });
}

export async function markSignedIn(db: Executor, attemptId: string) {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}
