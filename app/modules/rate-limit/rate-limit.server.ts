import { createHmac } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";

export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

export const CONTACT_LIMIT: RateLimit = { bucket: "contact", max: 5, windowMs: 60 * 60 * 1000 };
export const NEWSLETTER_LIMIT: RateLimit = { bucket: "newsletter", max: 10, windowMs: 60 * 60 * 1000 };
/** New deal alerts per visitor (each one writes a confirmation message). */
export const ALERT_LIMIT: RateLimit = { bucket: "alert", max: 10, windowMs: 60 * 60 * 1000 };
/** Shoppers' 'Did it work?' answers across all items (each item takes one a day anyway). */
export const VOTE_LIMIT: RateLimit = { bucket: "vote", max: 60, windowMs: 60 * 60 * 1000 };

/** A visitor's key: an HMAC of the IP, so the table never holds an address. */
export function visitorKey(ip: string, secret: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex");
}

/**
 * Records one attempt and says whether it is within the limit. Counts live in the database so every
 * app process shares them; old rows are pruned as they fall out of the window.
 */
export async function allowAttempt(db: Executor, limit: RateLimit, keyHash: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - limit.windowMs);
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, limit.bucket), lt(rateLimitEvents.createdAt, since)));
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.keyHash, keyHash), gt(rateLimitEvents.createdAt, since)));
  if ((row?.n ?? 0) >= limit.max) return false;
  await db.insert(rateLimitEvents).values({ bucket: limit.bucket, keyHash, createdAt: now });
  return true;
}
