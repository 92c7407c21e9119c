import { createHmac } from "node:crypto";

import { and, count, eq, gt, lt, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";
import { visitorBlock } from "#app/lib/visitor-block";

export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

export const CONTACT_LIMIT: RateLimit = { bucket: "contact", max: 5, windowMs: 60 * 60 * 1000 };
export const NEWSLETTER_LIMIT: RateLimit = { bucket: "newsletter", max: 10, windowMs: 60 * 60 * 1000 };
/** Shoppers' tips per visitor (each one waits in the review queue). */
export const TIP_LIMIT: RateLimit = { bucket: "tip", max: 5, windowMs: 60 * 60 * 1000 };
/** New deal alerts per visitor (each one writes a confirmation message). */
export const ALERT_LIMIT: RateLimit = { bucket: "alert", max: 10, windowMs: 60 * 60 * 1000 };
/** Passkey sign-in steps per address: each writes a challenge row or, when it fails, an audit row. */
export const PASSKEY_SIGN_IN_LIMIT: RateLimit = { bucket: "passkey-sign-in", max: 30, windowMs: 15 * 60 * 1000 };
/** Shoppers' 'Did it work?' answers across all items (each item takes one a day anyway). */
export const VOTE_LIMIT: RateLimit = { bucket: "vote", max: 60, windowMs: 60 * 60 * 1000 };

/**
 * A visitor's key: an HMAC of the address's block (`visitorBlock`), so the table never holds an address;
 * `scope` makes it a key for one purpose only (a day's votes).
 */
export function visitorKey(ip: string, secret: string, scope = ""): string {
  return createHmac("sha256", secret)
    .update(`${scope}${visitorBlock(ip)}`)
    .digest("hex");
}

/** Waits, inside `tx`, until no other check of the same key runs: a check and its record are one step. */
export const lockKey = (tx: Executor, key: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/**
 * Records one attempt and says whether it is within the limit, as one step: 50 attempts at once are
 * counted one after another (each under the key's lock), so no more than `max` get through. Counts live
 * in the database so every app process shares them; old rows are pruned as they fall out of the window.
 */
export async function allowAttempt(
  db: Database,
  limit: RateLimit,
  keyHash: string,
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - limit.windowMs);
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, limit.bucket), lt(rateLimitEvents.createdAt, since)));
  return db.transaction(async (tx) => {
    await lockKey(tx, `rate-limit:${limit.bucket}:${keyHash}`);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, limit.bucket),
          eq(rateLimitEvents.keyHash, keyHash),
          gt(rateLimitEvents.createdAt, since),
        ),
      );
    if ((row?.n ?? 0) >= limit.max) return false;
    await tx.insert(rateLimitEvents).values({ bucket: limit.bucket, keyHash, createdAt: now });
    return true;
  });
}
