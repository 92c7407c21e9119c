import { sql } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { runWithLease } from "#app/modules/jobs/job-lease.server";
import { logger } from "#app/platform/logger.server";
import { repeat } from "#app/platform/repeat.server";

// Raw click-outs are kept for a retention (CLICK_RETENTION_DAYS, 400 days by default) and then deleted;
// the per-day counts the analytics read (`click_days`) stay.

const BATCH = 10_000;
const LEASE_MS = 10 * 60_000;

/** Deletes the clicks older than `days` before `now`, a batch per statement so none holds the table long; returns how many. */
export async function deleteOldClicks(db: Executor, options: { days: number; now?: Date }): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - options.days * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    const result = (await db.execute(sql`
      DELETE FROM clicks WHERE id IN (SELECT id FROM clicks WHERE created_at < ${before}::timestamptz LIMIT ${BATCH})`)) as unknown as { rowCount?: number; affectedRows?: number };
    const count = result.rowCount ?? result.affectedRows ?? 0;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

/** Deletes old clicks every six hours under a lease (one process at a time); returns the stop function. */
export function startClickRetention(db: Database, days: number): () => void {
  return repeat(
    () =>
      runWithLease(db, "click-retention", LEASE_MS, async () => {
        const deleted = await deleteOldClicks(db, { days });
        if (deleted) logger.info({ deleted, days }, "deleted clicks past their retention");
      }),
    { firstAfterMs: 5 * 60_000, everyMs: 6 * 60 * 60_000, failure: "click retention failed; will retry" },
  );
}
