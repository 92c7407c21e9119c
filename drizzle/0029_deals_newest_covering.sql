-- Newest first, ending on the id (every sort does), and INCLUDE the search vector and the dates that make
-- a deal live (Drizzle's schema cannot say it): the search page ranks the newest matches of a common word
-- from the index alone instead of visiting thousands of rows (12 ms → 2 ms at 100,000 deals).
DROP INDEX "deals_status_created_idx";--> statement-breakpoint
CREATE INDEX "deals_status_created_idx" ON "deals" USING btree ("status","created_at" DESC NULLS LAST,"id") INCLUDE ("search_vector","publish_at","unpublish_at","expires_at");
