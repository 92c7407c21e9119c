import { sql } from "drizzle-orm";

import type { Executor } from "./client.server";

// PGlite is PostgreSQL in one process without autovacuum: dead rows would pile up, index-only scans would
// never skip the heap and the planner's statistics would go stale. A background job on the embedded
// database does autovacuum's work with this. (PostgreSQL proper has autovacuum; the job is not scheduled there.)

export async function vacuumEmbedded(db: Executor): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}

/**
 * PGlite runs PostgreSQL single-user, without the checkpointer: no checkpoint ever comes on its own, so the
 * write-ahead log would keep every change until a restart (a million-deal seed left 20 GB of it). A
 * checkpoint on a schedule lets PostgreSQL drop the log it no longer needs, down to `max_wal_size`
 * (pgliteOptions).
 */
export async function checkpointEmbedded(db: Executor): Promise<void> {
  await db.execute(sql`CHECKPOINT`);
}
