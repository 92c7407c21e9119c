import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Settings the owner changes in the admin (the newsletter digest's schedule), one JSON value per key. */
export const siteSettings = pgTable("site_settings", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
