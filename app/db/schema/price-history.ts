import { sql } from "drizzle-orm";
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { money } from "./common";

// Every price a deal or gift idea showed, one row per change, written by a trigger on the item's table
// (drizzle/0033_price_history.sql), so no writer (form, bulk action, CSV import, Amazon refresh) can skip it.
// An Amazon item's prices are Amazon's content: they are kept 24 hours, then deleted (ADR 0039).

export const priceSources = ["owner", "import", "amazon"] as const;
export type PriceSource = (typeof priceSources)[number];
export const priceSource = pgEnum("price_source", priceSources);

export const priceHistory = pgTable(
  "price_history",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemKind: text().$type<"deal" | "gift">().notNull(),
    itemId: uuid().notNull(),
    price: money().notNull(),
    source: priceSource().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("price_history_item_kind", sql`${t.itemKind} IN ('deal', 'gift')`),
    // An item's page reads its last 90 days (and the price before them) in order.
    index("price_history_item_idx").on(t.itemKind, t.itemId, t.recordedAt),
    // The hourly prune of Amazon prices past 24 hours reads only those.
    index("price_history_amazon_idx")
      .on(t.recordedAt)
      .where(sql`${t.source} = 'amazon'`),
  ],
);
