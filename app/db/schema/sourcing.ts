import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id, money, updatedAt } from "./common";
import { coupons } from "./coupons";
import { deals } from "./deals";
import { stores } from "./stores";

/** Where candidates come from: shoppers' tips, and the kinds of source the owner configures. */
export const sourceKinds = ["tip", "amazon", "awin", "impact", "feed"] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** A configured source (not tips, which need none): what it reads, how often, and how its last run went. */
export const sourcingSources = pgTable(
  "sourcing_sources",
  {
    id: id(),
    kind: text({ enum: sourceKinds }).notNull(),
    name: text().notNull(),
    /** What the adapter reads (a feed's address and column mapping, a search's keywords): no secrets. */
    settings: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The credentials, encrypted with the app secret (platform/secrets-at-rest.server.ts); null when none. */
    secret: text(),
    enabled: boolean().notNull().default(true),
    everyMinutes: integer().notNull().default(60),
    /** Off by default; on only with a minimum score and a daily cap (ADR 0042). */
    autoPublish: boolean().notNull().default(false),
    autoMinScore: integer(),
    autoDailyCap: integer(),
    /** What it published on its own, and on which day (UTC): the cap is per day. */
    autoPublishedDay: date({ mode: "string" }),
    autoPublishedCount: integer().notNull().default(0),
    /** The last run: when it began and ended, what it found, its error; `progress` while one runs. */
    lastRunAt: timestamp({ withTimezone: true }),
    lastFinishedAt: timestamp({ withTimezone: true }),
    lastFound: integer(),
    lastError: text(),
    progress: text(),
    /** How many of its candidates the owner approved and rejected: the source's approval rate, a score part. */
    approvedCount: integer().notNull().default(0),
    rejectedCount: integer().notNull().default(0),
    nextRunAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "sourcing_sources_auto_publish_bounded",
      sql`NOT ${t.autoPublish} OR (${t.autoMinScore} IS NOT NULL AND ${t.autoDailyCap} IS NOT NULL)`,
    ),
    check("sourcing_sources_every_minutes", sql`${t.everyMinutes} BETWEEN 15 AND 10080`),
    check("sourcing_sources_no_tips", sql`${t.kind} <> 'tip'`),
    index("sourcing_sources_due_idx").on(t.nextRunAt),
  ],
);

export const candidateStatuses = ["pending", "snoozed", "rejected", "approved"] as const;

/**
 * Deals and coupons offered to the site by its sources, waiting for the owner's review: nothing found is
 * published without it (ADR 0041). `dedupeKey` says what the offer is (an ASIN, a store and code, or its
 * address without tracking parameters), so one offer waits once.
 */
export const sourcingCandidates = pgTable(
  "sourcing_candidates",
  {
    id: id(),
    source: text({ enum: sourceKinds }).notNull(),
    /** The configured source that found it; null for a shopper's tip. */
    sourceId: uuid().references(() => sourcingSources.id, { onDelete: "cascade" }),
    /** The offer's id in its source (a promotion id), which keeps it tied to what it becomes. */
    externalId: text(),
    kind: text({ enum: ["deal", "coupon"] })
      .notNull()
      .default("deal"),
    dedupeKey: text().notNull(),
    url: text().notNull(),
    /** Null once an Amazon candidate's details are purged (kept 24 hours at most). */
    title: text(),
    description: text(),
    imageUrl: text(),
    /** The source's tracking link, when it gives one; a tip's address never is. */
    affiliateUrl: text(),
    price: money(),
    originalPrice: money(),
    couponCode: text(),
    discountType: text({ enum: ["percentage", "fixed"] }),
    discountValue: money(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** The store as the source names it, and the site's store it matched. */
    merchant: text(),
    storeId: uuid().references(() => stores.id, { onDelete: "set null" }),
    /** The shopper's words: why it is a good deal. */
    note: text(),
    score: integer().notNull().default(0),
    /** What the score is made of, in words the owner reads. */
    scoreReasons: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text({ enum: candidateStatuses }).notNull().default("pending"),
    snoozedUntil: timestamp({ withTimezone: true }),
    rejectReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /** When its source last offered it: a full run that does not offer it again withdraws it. */
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The queue, newest first or best first, of every source or one, paged by the last row.
    index("sourcing_candidates_queue_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("sourcing_candidates_score_idx").on(t.status, t.score.desc(), t.createdAt.desc(), t.id.desc()),
    index("sourcing_candidates_source_queue_idx").on(t.status, t.source, t.createdAt.desc(), t.id.desc()),
    index("sourcing_candidates_source_score_idx").on(
      t.status,
      t.source,
      t.score.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // One offer waits once, whoever sends it again; a snoozed one is still waiting.
    uniqueIndex("sourcing_candidates_waiting_key_idx")
      .on(t.dedupeKey)
      .where(sql`${t.status} IN ('pending', 'snoozed')`),
    // A rejected offer is not offered again for 30 days unless its price fell: its latest rejection.
    index("sourcing_candidates_rejected_key_idx")
      .on(t.dedupeKey, t.reviewedAt.desc())
      .where(sql`${t.status} = 'rejected'`),
    // Snoozed candidates come back when due; a source's waiting ones are withdrawn when it drops them.
    index("sourcing_candidates_snoozed_idx")
      .on(t.snoozedUntil)
      .where(sql`${t.status} = 'snoozed'`),
    // Amazon's details (title, picture, price) are kept 24 hours at most: those still held, oldest first.
    index("sourcing_candidates_amazon_details_idx")
      .on(t.seenAt)
      .where(sql`${t.source} = 'amazon' AND ${t.title} IS NOT NULL`),
    index("sourcing_candidates_source_seen_idx")
      .on(t.sourceId, t.seenAt)
      .where(sql`${t.status} IN ('pending', 'snoozed')`),
    check("sourcing_candidates_reason", sql`${t.status} <> 'rejected' OR ${t.rejectReason} IS NOT NULL`),
    check("sourcing_candidates_snooze", sql`${t.status} <> 'snoozed' OR ${t.snoozedUntil} IS NOT NULL`),
  ],
);

/**
 * What an approved candidate became, tied to its offer: the key keeps the offer from being offered again,
 * and a source's later runs update the item (its end, a suspended offer) through its external id.
 */
export const sourcedItems = pgTable(
  "sourced_items",
  {
    id: id(),
    dealId: uuid().references(() => deals.id, { onDelete: "cascade" }),
    couponId: uuid().references(() => coupons.id, { onDelete: "cascade" }),
    sourceId: uuid().references(() => sourcingSources.id, { onDelete: "set null" }),
    externalId: text(),
    dedupeKey: text().notNull(),
    /** The code and end the source last gave: a change is news (Needs attention, or the item's end). */
    couponCode: text(),
    /** When the source began giving a code other than the coupon's: Needs attention asks the owner. */
    codeChangedAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check("sourced_items_one_item", sql`num_nonnulls(${t.dealId}, ${t.couponId}) = 1`),
    // Not unique: an offer that ended may come back, and becomes a new item.
    index("sourced_items_key_idx").on(t.dedupeKey),
    uniqueIndex("sourced_items_offer_idx")
      .on(t.sourceId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    uniqueIndex("sourced_items_deal_idx").on(t.dealId),
    uniqueIndex("sourced_items_coupon_idx").on(t.couponId),
    index("sourced_items_source_seen_idx").on(t.sourceId, t.seenAt),
    index("sourced_items_code_changed_idx")
      .on(t.codeChangedAt)
      .where(sql`${t.codeChangedAt} IS NOT NULL`),
  ],
);
