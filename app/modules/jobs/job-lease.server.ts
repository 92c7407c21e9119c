import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { jobLeases } from "#app/db/schema";

const processId = randomUUID();

/**
 * Runs `job` only if this process can take the named lease (free, or expired): with several app processes
 * on one PostgreSQL, one runs it at a time. Returns whether it ran.
 */
export async function runWithLease(db: Executor, name: string, ttlMs: number, job: () => Promise<void>, holder: string = processId): Promise<boolean> {
  const expiresAt = new Date(Date.now() + ttlMs);
  const taken = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({ target: jobLeases.name, set: { holder, expiresAt }, setWhere: sql`${jobLeases.expiresAt} < now()` })
    .returning({ holder: jobLeases.holder });
  if (taken[0]?.holder !== holder) return false;
  try {
    await job();
  } finally {
    await db.update(jobLeases).set({ expiresAt: new Date() }).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
  }
  return true;
}
