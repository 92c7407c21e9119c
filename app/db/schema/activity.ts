import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id } from "./common";

/** One row per sign-in, sign-out and admin write; the dashboard's Recent Activity reads it. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);

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

/**
 * The last check of each live item's outbound link (modules/link-health): `failures` counts consecutive
 * failed checks of the same URL; two or more put the item in Needs attention.
 */
export const linkChecks = pgTable(
  "link_checks",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    url: text().notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    status: integer(),
    problem: text(),
    failures: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index("link_checks_failing_idx")
      .on(t.failures)
      .where(sql`${t.failures} >= 2`),
  ],
);

/** Where an item's click-outs go while its own link is flagged broken (set from Needs attention). */
export const linkFallbacks = pgTable(
  "link_fallbacks",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    url: text().notNull(),
    setAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

/** The admin's answer to an item in Needs attention: snoozed until a time, or dismissed (until null). */
export const attentionMarks = pgTable(
  "attention_marks",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    reason: text().notNull(),
    /** Hidden until then; null hides it until the reason arises again after `createdAt`. */
    snoozedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.reason] })],
);

/** pending: asked, not confirmed yet (double opt-in); confirmed: gets the newsletter; unsubscribed. */
export const subscriberStates = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberState = (typeof subscriberStates)[number];

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text().notNull().unique(),
    state: text().$type<SubscriberState>().notNull().default("pending"),
    /** When the last confirmation message was written; a pending address expires 7 days after it. */
    confirmSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /** The issue time of the last digest written to this address (a digest resumed after a failure skips it). */
    digestSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The admin's list (newest first, by state) and its search by address.
    index("newsletter_subscribers_created_idx").on(t.createdAt.desc(), t.id),
    index("newsletter_subscribers_state_created_idx").on(t.state, t.createdAt.desc(), t.id),
    index("newsletter_subscribers_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

/** Recent form posts per visitor for the public forms' rate limits; the key is a keyed hash, never an IP. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: id(),
    bucket: text().notNull(),
    keyHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_events_lookup_idx").on(t.bucket, t.keyHash, t.createdAt.desc())],
);

/** How far each incremental roll-up has read (items' recent clicks, per type: clicks up to `covered_until`). */
export const rollUpMarks = pgTable("roll_up_marks", {
  name: text().primaryKey(),
  coveredUntil: timestamp({ withTimezone: true }).notNull(),
});

/** Settings the owner changes in the admin (the newsletter digest's schedule), one JSON value per key. */
export const siteSettings = pgTable("site_settings", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
