import { date, integer, pgTable } from "drizzle-orm/pg-core";

/**
 * The requests the site made to Amazon's product API each day (UTC): the account's quota is a number of
 * requests a day, and saved searches spend only what the owner's daily budget leaves (ADR 0043).
 */
export const amazonRequestDays = pgTable("amazon_request_days", {
  day: date({ mode: "string" }).primaryKey(),
  requests: integer().notNull().default(0),
});
