import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "./client.server";

// Retention jobs delete old rows a batch per statement, so no statement holds a large table (or the
// embedded database's one thread) for long.

const BATCH = 10_000;

/** Deletes the rows of `table` that `where` selects (served by an index), BATCH per statement; returns how many. */
export async function deleteInBatches(db: Executor, table: string, where: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = (await db.execute(sql`
      DELETE FROM ${sql.identifier(table)} WHERE id IN (SELECT id FROM ${sql.identifier(table)} WHERE ${where} LIMIT ${BATCH})`)) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    const count = result.rowCount ?? result.affectedRows ?? 0;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

/** The instant `days` days before `now`, for a retention's cut-off. */
export const daysBefore = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000).toISOString();
