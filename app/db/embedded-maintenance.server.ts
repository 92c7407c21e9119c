import { sql } from "drizzle-orm";
import { logger } from "#app/platform/logger.server";
import { repeat } from "#app/platform/repeat.server";
import type { DatabaseHandle } from "./client.server";

// PGlite is PostgreSQL in one process without autovacuum: dead rows would pile up, index-only scans would
// never skip the heap and the planner's statistics would go stale. This does autovacuum's work on a timer.
// (PostgreSQL proper has autovacuum; nothing runs there.)

const FIRST_RUN_AFTER_MS = 2 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;

export async function vacuumEmbedded(handle: Pick<DatabaseHandle, "db">): Promise<void> {
  const started = performance.now();
  await handle.db.execute(sql`VACUUM ANALYZE`);
  logger.info({ ms: Math.round(performance.now() - started) }, "vacuumed the embedded database");
}

/** Starts the embedded database's upkeep (a no-op on PostgreSQL); returns the function that stops it. */
export function startEmbeddedMaintenance(handle: Pick<DatabaseHandle, "db" | "driver">): () => void {
  if (handle.driver !== "pglite") return () => {};
  return repeat(() => vacuumEmbedded(handle), { firstAfterMs: FIRST_RUN_AFTER_MS, everyMs: EVERY_MS, failure: "vacuum of the embedded database failed" });
}
