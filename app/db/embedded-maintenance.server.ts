import { sql } from "drizzle-orm";

import type { Executor } from "./client.server";

// PGlite is PostgreSQL in one process without autovacuum: dead rows would pile up, index-only scans would
// never skip the heap and the planner's statistics would go stale. A background job on the embedded
// database does autovacuum's work with this. (PostgreSQL proper has autovacuum; the job is not scheduled there.)

export async function vacuumEmbedded(db: Executor): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}
