import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import type { WebhookBatchMode, WebhookEvent, WebhookFormat } from "../../lib/webhook-kinds";
import type { ChangeBatchSource } from "./change-batches";
import { createdAt, id } from "./common";

// The owner's outbound webhooks (modules/webhooks): where to post which events, in which format, signed
// with the hook's own secret (stored encrypted with the app secret); each delivery kept with its answer.

export type { WebhookBatchMode, WebhookEvent, WebhookFormat } from "../../lib/webhook-kinds";

export const webhooks = pgTable("webhooks", {
  id: id(),
  url: text().notNull(),
  format: text().$type<WebhookFormat>().notNull(),
  events: text().array().$type<WebhookEvent[]>().notNull(),
  /** What an import or a bulk action sends it: one summary post, or nothing. */
  batches: text().$type<WebhookBatchMode>().notNull().default("summary"),
  /** HMAC key of the signature header, encrypted at rest (platform/secrets-at-rest.server.ts). */
  secret: text().notNull(),
  createdAt: createdAt(),
});

/** The news a delivery tells, kept so that items no longer live when it is sent are left out of it. */
export interface DeliveryNews {
  kind: "deal" | "coupon" | "guide";
  ids: string[];
  count: number;
  source?: ChangeBatchSource;
}

/**
 * pending: to be posted (again at `nextAttemptAt`); delivered: answered 2xx; failed: given up; dropped: not
 * sent, as none of its items was still live.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text().$type<WebhookEvent>().notNull(),
    body: text().notNull(),
    /** Null for a 'Send test' post. */
    news: jsonb().$type<DeliveryNews>(),
    test: boolean().notNull().default(false),
    state: text().$type<"pending" | "delivered" | "failed" | "dropped">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer(),
    /** The start of the receiver's answer, or why there was none. */
    response: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_hook_created_idx").on(t.webhookId, t.createdAt.desc()),
    index("webhook_deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Whether each item was live when the events job last looked, and the save it had seen: what tells
 * 'published' from 'updated' and 'expired', and a new save from one already announced.
 */
export const webhookItemStates = pgTable(
  "webhook_item_states",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    live: boolean().notNull(),
    /** The item's updated_at when last looked at (null: looked at before this was kept). */
    seenUpdatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
