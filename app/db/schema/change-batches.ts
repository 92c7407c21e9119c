import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

// Changes made as one operation (a CSV import, a bulk action, later a sourcing approval), so what announces
// changes (webhooks) can tell the owner about the operation once instead of about every row it touched. A
// batch lives only until the webhook events job has told of it: then it is deleted, with its items.

export const changeBatchSources = ["import", "bulk"] as const;
export type ChangeBatchSource = (typeof changeBatchSources)[number];

export const changeBatches = pgTable("change_batches", {
  id: id(),
  source: text().$type<ChangeBatchSource>().notNull(),
  createdAt: createdAt(),
  /** Null while the operation still writes (an import commits a chunk at a time). */
  finishedAt: timestamp({ withTimezone: true }),
});

/** A row the batch wrote, with the `updated_at` it gave it: a later save of that row is not the batch's. */
export const changeBatchItems = pgTable(
  "change_batch_items",
  {
    batchId: uuid()
      .notNull()
      .references(() => changeBatches.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    itemId: uuid().notNull(),
    savedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.kind, t.itemId] }),
    index("change_batch_items_item_idx").on(t.kind, t.itemId),
  ],
);
