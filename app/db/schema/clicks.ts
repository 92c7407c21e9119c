import { sql } from "drizzle-orm";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

/**
 * Anonymous click-outs and coupon code reveals: no IP, no user agent (only its device class, worked out
 * when the click is counted). `kind` is a content type's key (deal, coupon, gift…); the item's store and
 * category are noted as they were at the click, for reports by store and category.
 */
export const clicks = pgTable(
  "clicks",
  {
    id: id(),
    kind: text().notNull(),
    itemId: uuid().notNull(),
    /** 'click' (out to the retailer) or 'reveal' (a coupon's code shown). */
    action: text().notNull().default("click"),
    storeId: uuid(),
    categoryId: uuid(),
    placement: text(),
    referrerHost: text(),
    /** 'phone', 'tablet' or 'desktop'. */
    device: text(),
    createdAt: createdAt(),
  },
  // By item for per-item counts; by time for the clicks a roll-up has not seen yet, those ageing out and
  // those past their retention.
  (t) => [
    index("clicks_item_created_idx").on(t.kind, t.itemId, t.createdAt.desc()),
    index("clicks_kind_created_idx").on(t.kind, t.createdAt),
    index("clicks_created_idx").on(t.createdAt),
    // One store's clicks over a range, for the analytics filtered by store.
    index("clicks_store_created_idx").on(t.storeId, t.createdAt),
    // Code reveals are few: counted on their own, they leave the home page's "clicks out" an index-only count.
    index("clicks_reveals_idx")
      .on(t.createdAt)
      .where(sql`${t.action} = 'reveal'`),
  ],
);
