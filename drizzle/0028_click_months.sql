-- A store's clicks over every type ('store-all', kind ''), beside its clicks per type: a top list of stores
-- reads one row per store off the `_top_idx` indexes (ADR 0017). Counted once here from the rows per type;
-- the roll-up keeps them from here on.
INSERT INTO "click_days" ("facet", "day", "value", "kind", "action", "clicks")
SELECT 'store-all', "day", "value", '', "action", sum("clicks")::int FROM "click_days" WHERE "facet" = 'store' GROUP BY 2, 3, 5;--> statement-breakpoint
INSERT INTO "click_weeks" ("facet", "week", "value", "kind", "action", "clicks")
SELECT 'store-all', "week", "value", '', "action", sum("clicks")::int FROM "click_weeks" WHERE "facet" = 'store' GROUP BY 2, 3, 5;--> statement-breakpoint
INSERT INTO "click_windows" ("days", "facet", "value", "kind", "action", "clicks")
SELECT "days", 'store-all', "value", '', "action", sum("clicks")::int FROM "click_windows" WHERE "facet" = 'store' GROUP BY 1, 3, 5;--> statement-breakpoint
-- Clicks per calendar month beside weeks and days: a custom range sums its whole months here.
CREATE TABLE "click_months" (
	"facet" text NOT NULL,
	"month" date NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_months_facet_month_value_kind_action_pk" PRIMARY KEY("facet","month","value","kind","action")
);
--> statement-breakpoint
-- The months of the days already counted, once.
INSERT INTO "click_months" ("facet", "month", "value", "kind", "action", "clicks")
SELECT "facet", date_trunc('month', "day")::date, "value", "kind", "action", sum("clicks")::int FROM "click_days" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE INDEX "click_months_group_idx" ON "click_months" USING btree ("facet","value","kind","action","month");--> statement-breakpoint
-- INCLUDE makes a range's top rows readable from the index alone (Drizzle's schema cannot say it).
DROP INDEX "click_days_top_idx";--> statement-breakpoint
DROP INDEX "click_weeks_top_idx";--> statement-breakpoint
CREATE INDEX "click_months_top_idx" ON "click_months" USING btree ("facet","action","month","clicks" DESC NULLS LAST) INCLUDE ("value","kind") WHERE "click_months"."facet" IN ('item', 'store', 'store-all');--> statement-breakpoint
CREATE INDEX "click_days_top_idx" ON "click_days" USING btree ("facet","action","day","clicks" DESC NULLS LAST) INCLUDE ("value","kind") WHERE "click_days"."facet" IN ('item', 'store', 'store-all');--> statement-breakpoint
CREATE INDEX "click_weeks_top_idx" ON "click_weeks" USING btree ("facet","action","week","clicks" DESC NULLS LAST) INCLUDE ("value","kind") WHERE "click_weeks"."facet" IN ('item', 'store', 'store-all');
