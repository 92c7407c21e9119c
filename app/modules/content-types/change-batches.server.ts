import { inArray, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { changeBatches, changeBatchItems, type ChangeBatchSource } from "#app/db/schema";

import type { AnyContentType } from "./content-type";

// An operation that writes many rows at once (a CSV import, a bulk action) records them as one batch
// (db/schema/change-batches.ts), so webhooks tell of the operation once instead of once per row.

/** Starts a batch; a bulk action, one transaction, opens it finished. */
export async function openChangeBatch(
  db: Executor,
  source: ChangeBatchSource,
  { finished = false } = {},
): Promise<string> {
  const [batch] = await db
    .insert(changeBatches)
    .values({ source, finishedAt: finished ? sql`now()` : null })
    .returning({ id: changeBatches.id });
  return batch!.id;
}

/** Notes rows the batch just wrote, as they are now (a later save of one is not the batch's). */
export async function noteBatchRows(db: Executor, batchId: string, type: AnyContentType, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    INSERT INTO ${changeBatchItems} (batch_id, kind, item_id, saved_at)
    SELECT ${batchId}::uuid, ${type.key}, id, updated_at FROM ${type.table} WHERE ${inArray(type.table.id, ids)}
    ON CONFLICT (batch_id, kind, item_id) DO UPDATE SET saved_at = excluded.saved_at`);
}

/** The operation has written all it will: the batch can be announced. */
export async function finishChangeBatch(db: Executor, batchId: string): Promise<void> {
  await db.execute(sql`UPDATE ${changeBatches} SET finished_at = now() WHERE id = ${batchId}::uuid`);
}
