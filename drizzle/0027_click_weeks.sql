-- Clicks per week beside clicks per day: a custom range sums its whole weeks here (ADR 0017).
CREATE TABLE "click_weeks" (
	"facet" text NOT NULL,
	"week" date NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_weeks_facet_week_value_kind_action_pk" PRIMARY KEY("facet","week","value","kind","action")
);
--> statement-breakpoint
-- The weeks of the days already counted, once (the roll-up keeps them from here on).
INSERT INTO "click_weeks" ("facet", "week", "value", "kind", "action", "clicks")
SELECT "facet", date_trunc('week', "day")::date, "value", "kind", "action", sum("clicks")::int FROM "click_days" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE INDEX "click_weeks_group_idx" ON "click_weeks" USING btree ("facet","value","kind","action","week");--> statement-breakpoint
-- INCLUDE makes a range's weekly top rows readable from the index alone (Drizzle's schema cannot say it).
CREATE INDEX "click_weeks_top_idx" ON "click_weeks" USING btree ("facet","action","week","clicks" DESC NULLS LAST) INCLUDE ("value","kind") WHERE "click_weeks"."facet" IN ('item', 'store');
