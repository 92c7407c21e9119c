import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

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
