import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt } from "./common";

/**
 * Shoppers' reports on an item: a coupon 'worked' or 'failed', a deal 'expired'. One per visitor per item
 * per day: `voter` is a keyed hash of the address and the day, so a visitor cannot be followed across days
 * and no address is kept.
 */
export const itemVotes = pgTable(
  "item_votes",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    day: date({ mode: "string" }).notNull(),
    voter: text().notNull(),
    vote: text().notNull(),
    createdAt: createdAt(),
  },
  // The unique key is the limit; recent reports per item feed the admin's attention queue.
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.day, t.voter] }),
    index("item_votes_recent_idx").on(t.vote, t.createdAt),
  ],
);

/**
 * Each item's votes so far, kept with every vote, so a card reads one row. Apart from the content
 * tables: a vote must not empty the page cache, so cards show new tallies when their page is next rendered.
 */
export const itemVoteTallies = pgTable(
  "item_vote_tallies",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    worked: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    expired: integer().notNull().default(0),
    lastWorkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
