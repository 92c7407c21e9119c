import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

// Every message the site writes (modules/mail): kept here first, in the writer's own transaction, then
// sent over SMTP by the send-mail job; without SMTP_URL it stays here for the admin to read (/admin/outbox).

/** queued: waiting to be sent (again at `nextAttemptAt`); sent; failed: given up; kept: no SMTP_URL, never sent. */
export const mailStates = ["queued", "sent", "failed", "kept"] as const;
export type MailState = (typeof mailStates)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on newsletters and alerts). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** What wrote it: 'newsletter-confirm', 'digest', … */
    purpose: text().notNull(),
    state: text().$type<MailState>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The sender's next batch, and the admin's list newest first.
    index("mail_outbox_queued_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    index("mail_outbox_created_idx").on(t.createdAt.desc(), t.id),
    // An address's messages of a kind in the last day (deal alerts' daily cap).
    index("mail_outbox_to_purpose_idx").on(t.to, t.purpose, t.createdAt),
  ],
);
