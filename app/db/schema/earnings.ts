import { sql } from "drizzle-orm";
import { index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { id, updatedAt } from "./common";

export const earningStatus = pgEnum("earning_status", ["pending", "approved", "declined", "paid"]);

/** An amount as a network reports it: up to 999,999,999,999.99 in its currency. */
const amount = () => numeric({ precision: 14, scale: 2, mode: "number" });

/**
 * One transaction (a sale or lead) a network reports, once per network and its id: a re-import moves its
 * status and amounts, never adds it twice. The click its sub-ID names is copied in when it is found (the
 * item, store, category, placement and referrer), so reports need no raw click, which expires; without one
 * the transaction is "unattributed", kept and counted all the same.
 */
export const earnings = pgTable(
  "earnings",
  {
    id: id(),
    /** "awin", "cj", "impact", "amazon", or the name a CSV upload was given. */
    network: text().notNull(),
    externalId: text().notNull(),
    status: earningStatus().notNull(),
    saleAmount: amount(),
    commission: amount().notNull(),
    /** ISO 4217, as the network reported the amounts. */
    currency: text().notNull(),
    transactedAt: timestamp({ withTimezone: true }).notNull(),
    clickedAt: timestamp({ withTimezone: true }),
    /** The sub-ID as reported (our click's id when the click-out carried it). */
    subId: text(),
    clickId: uuid(),
    kind: text(),
    itemId: uuid(),
    storeId: uuid(),
    categoryId: uuid(),
    placement: text(),
    referrerHost: text(),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("earnings_network_external_idx").on(t.network, t.externalId),
    index("earnings_transacted_idx").on(t.transactedAt),
    index("earnings_store_transacted_idx").on(t.storeId, t.transactedAt),
    index("earnings_item_transacted_idx").on(t.kind, t.itemId, t.transactedAt),
    index("earnings_unattributed_idx")
      .on(t.transactedAt)
      .where(sql`${t.clickId} IS NULL`),
  ],
);
