import { sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

import { COUNT_CAP } from "#app/lib/counts";

import type { Executor } from "./client.server";

/** How many rows a query returns, up to COUNT_CAP + 1: a walk of a thousand index entries at most, never a table. */
export async function cappedCount(db: Executor, query: { $dynamic(): PgSelect }): Promise<number> {
  const matching = query
    .$dynamic()
    .limit(COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
  return row?.n ?? 0;
}
