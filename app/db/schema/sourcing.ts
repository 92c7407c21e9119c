import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id, money } from "./common";

/**
 * Deals offered to the site by its sources (shoppers' tips now; saved searches and network feeds later),
 * waiting for the owner's review: nothing found is published without it (ADR 0041). `dedupeKey` says what
 * the offer is (an ASIN, or its address without tracking parameters), so one offer waits once.
 */
export const sourcingCandidates = pgTable(
  "sourcing_candidates",
  {
    id: id(),
    source: text({ enum: ["tip"] }).notNull(),
    dedupeKey: text().notNull(),
    url: text().notNull(),
    title: text().notNull(),
    price: money(),
    /** The shopper's words: why it is a good deal. */
    note: text(),
    status: text({ enum: ["pending", "rejected"] })
      .notNull()
      .default("pending"),
    rejectReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The queue, newest first, paged by (created_at, id).
    index("sourcing_candidates_queue_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    // One offer waits once, whoever sends it again.
    uniqueIndex("sourcing_candidates_pending_key_idx")
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'pending'`),
    check("sourcing_candidates_reason", sql`${t.status} <> 'rejected' OR ${t.rejectReason} IS NOT NULL`),
  ],
);
