import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { createdAt, id, updatedAt } from "./common";

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
    /**
     * The amounts in the site's currency at the rate of the transaction's (UTC) day, and the currency they
     * are in; null while no rate covers that day. Set by convertEarnings after each import, rate change and
     * change of the site's currency; the reports add these.
     */
    siteCommission: amount(),
    siteSaleAmount: amount(),
    siteCurrency: text(),
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
    // Conversion finds what was never converted and what waits for a rate (those without amounts), what is
    // in an earlier site currency, and one currency's rows.
    index("earnings_without_site_amounts_idx")
      .on(t.siteCurrency, t.id)
      .where(sql`${t.siteCommission} IS NULL`),
    index("earnings_conversion_idx").on(t.siteCurrency, t.currency, t.id),
  ],
);

/**
 * What one unit of `base` is worth in `quote` (the site's currency when the rate was given) from
 * `validFrom` until the next rate of the pair: a day's rate from the owner's rates file, or a fixed rate
 * (dated FIXED_RATE_FROM, so any dated rate takes over from its day on).
 */
export const currencyRates = pgTable(
  "currency_rates",
  {
    base: text().notNull(),
    quote: text().notNull(),
    validFrom: date({ mode: "string" }).notNull(),
    rate: numeric({ precision: 20, scale: 10, mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote, t.validFrom] }),
    check("currency_rates_positive", sql`${t.rate} > 0`),
  ],
);

/** The networks whose reports DealDash reads on a schedule (a CSV upload serves any other). */
export const earningsNetworks = ["awin", "cj", "impact", "amazon"] as const;
export type EarningsNetwork = (typeof earningsNetworks)[number];

/** What one run of an earnings source did, for the earnings page. */
export interface EarningsRunCounts {
  added: number;
  updated: number;
  unchanged: number;
  unattributed: number;
  refused: number;
}

/**
 * A network account whose transactions are imported on a schedule: its ids (settings) and encrypted
 * token, how often it runs, how many days back each run reads again (statuses move for weeks after a
 * sale), and how its last run went. Runs are claimed by moving `next_run_at` a lease ahead, as sourcing's.
 */
export const earningsSources = pgTable(
  "earnings_sources",
  {
    id: id(),
    network: text({ enum: earningsNetworks }).notNull(),
    name: text().notNull(),
    /** The account's ids (an Awin publisher id, a CJ company id, an Impact account SID): no secrets. */
    settings: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The API token, encrypted with the app secret (platform/secrets-at-rest.server.ts). */
    secret: text(),
    enabled: boolean().notNull().default(true),
    everyMinutes: integer().notNull().default(360),
    lookBackDays: integer().notNull().default(90),
    lastRunAt: timestamp({ withTimezone: true }),
    lastFinishedAt: timestamp({ withTimezone: true }),
    lastCounts: jsonb().$type<EarningsRunCounts>(),
    lastError: text(),
    progress: text(),
    nextRunAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("earnings_sources_every_minutes", sql`${t.everyMinutes} BETWEEN 60 AND 10080`),
    check("earnings_sources_look_back_days", sql`${t.lookBackDays} BETWEEN 1 AND 400`),
    index("earnings_sources_due_idx").on(t.nextRunAt),
  ],
);
