import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { categories } from "./categories";
import { createdAt, id, money, updatedAt } from "./common";
import { deals } from "./deals";
import { stores } from "./stores";

// Shoppers' deal alerts (modules/alerts): an address asks to hear of new deals matching keywords, and
// optionally a store, a category, a highest price and a lowest discount. An alert whose store or category
// is deleted goes with it (it could no longer match what was asked).

/** pending: not confirmed yet (double opt-in); active; paused (by its owner, or their one-click unsubscribe). */
export const alertStates = ["pending", "active", "paused"] as const;
export type AlertState = (typeof alertStates)[number];
/** instant: within minutes of the deal going live; daily: one message a day. */
export const alertFrequencies = ["instant", "daily"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

export const dealAlerts = pgTable(
  "deal_alerts",
  {
    id: id(),
    email: text().notNull(),
    /** As typed; '' with a store or category: every new deal there. */
    keywords: text().notNull(),
    storeId: uuid().references(() => stores.id, { onDelete: "cascade" }),
    categoryId: uuid().references(() => categories.id, { onDelete: "cascade" }),
    maxPrice: money(),
    minDiscount: integer(),
    frequency: text().$type<AlertFrequency>().notNull().default("instant"),
    state: text().$type<AlertState>().notNull().default("pending"),
    confirmSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("deal_alerts_active_idx")
      .on(t.id)
      .where(sql`${t.state} = 'active'`),
    index("deal_alerts_email_idx").on(t.email),
  ],
);

/**
 * Each deal an address was told of (or is waiting to be told of, `mailedAt` null): one row per address and
 * deal, so no address hears of a deal twice, whatever its alerts and however often the matcher runs.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    email: text().notNull(),
    dealId: uuid()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    alertId: uuid()
      .notNull()
      .references(() => dealAlerts.id, { onDelete: "cascade" }),
    frequency: text().$type<AlertFrequency>().notNull(),
    createdAt: createdAt(),
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.dealId] }),
    index("alert_deliveries_waiting_idx")
      .on(t.frequency, t.email)
      .where(sql`${t.mailedAt} IS NULL`),
  ],
);
