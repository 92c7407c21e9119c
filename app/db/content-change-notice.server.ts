import { sql } from "drizzle-orm";

import type { Executor } from "./client.server";

/** Where the database announces content changes at commit (the tables' triggers, drizzle/0007). */
export const CONTENT_CHANNEL = "dealdash_content";

/**
 * Announces to every process a change no table trigger sees: vote tallies gathered for a while, a site
 * setting. Sent with the transaction it runs in, when that commits.
 */
export async function announceContentChange(db: Executor, source: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CONTENT_CHANNEL}, ${source})`);
}
