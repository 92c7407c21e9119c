import { sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { daysBefore, deleteInBatches } from "#app/db/delete-in-batches.server";

// Raw click-outs are kept for a retention (CLICK_RETENTION_DAYS, 400 days by default) and then deleted;
// the per-day counts the analytics read (`click_days`) stay.

/** Deletes the clicks older than `days` before `now`; returns how many. */
export async function deleteOldClicks(db: Executor, options: { days: number; now?: Date }): Promise<number> {
  return deleteInBatches(db, "clicks", sql`created_at < ${daysBefore(options.days, options.now)}::timestamptz`);
}
