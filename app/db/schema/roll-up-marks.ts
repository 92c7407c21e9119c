import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** How far each incremental roll-up has read (items' recent clicks, per type: clicks up to `covered_until`). */
export const rollUpMarks = pgTable("roll_up_marks", {
  name: text().primaryKey(),
  coveredUntil: timestamp({ withTimezone: true }).notNull(),
});
