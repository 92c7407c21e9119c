import { type SQL, sql } from "drizzle-orm";

import type { Executor } from "./client.server";

// Retention jobs change old rows a batch per statement, so no statement holds a large table (or the
// embedded database's one thread) for long.

const BATCH = 10_000;

/**
 * Runs `statement` (a DELETE or UPDATE of at most `limit` rows, given the SQL of that limit) until a run
 * changes fewer than `limit`; returns how many rows it changed in all.
 */
export async function inBatches(db: Executor, statement: (limit: SQL) => SQL, limit = BATCH): Promise<number> {
  let changed = 0;
  for (;;) {
    const result = (await db.execute(statement(sql`${limit}`))) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    const count = result.rowCount ?? result.affectedRows ?? 0;
    changed += count;
    if (count < limit) return changed;
  }
}

/**
 * Deletes the rows of `table` that `where` selects (served by an index), BATCH per statement; returns how many.
 * The batch's ids go in as an array, so each is found by the primary key: as `id IN (subquery)` the planner
 * joined the batch to a scan of the whole table.
 */
export const deleteInBatches = (db: Executor, table: string, where: SQL): Promise<number> =>
  inBatches(
    db,
    (limit) => sql`
      DELETE FROM ${sql.identifier(table)}
      WHERE id = ANY(ARRAY(SELECT id FROM ${sql.identifier(table)} WHERE ${where} LIMIT ${limit}))`,
  );

/** The instant `days` days before `now`, for a retention's cut-off. */
export const daysBefore = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000).toISOString();
