import { sql } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";

// Raw click-outs are kept for a retention (CLICK_RETENTION_DAYS, 400 days by default) and then deleted;
// the per-day counts the analytics read (`click_days`) stay.

const BATCH = 10_000;

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
