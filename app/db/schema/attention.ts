import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt } from "./common";

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
