-- Each day's most clicked items and stores, for a custom range's top lists (modules/analytics/click-analytics.server.ts);
-- INCLUDE makes a range's rows readable from the index alone (Drizzle's schema cannot say it).
CREATE INDEX "click_days_top_idx" ON "click_days" USING btree ("facet","action","day","clicks" DESC NULLS LAST) INCLUDE ("value","kind") WHERE "click_days"."facet" IN ('item', 'store');--> statement-breakpoint
-- The windows' top index exactly as 0016 defines it: the queries name its order (NULLS LAST), so the planner reads it.
DROP INDEX IF EXISTS "click_windows_top_idx";--> statement-breakpoint
CREATE INDEX "click_windows_top_idx" ON "click_windows" USING btree ("days","facet","action","clicks" DESC NULLS LAST,"value");
