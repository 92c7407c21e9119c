CREATE TABLE "click_days" (
	"facet" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_days_facet_day_value_kind_action_pk" PRIMARY KEY("facet","day","value","kind","action")
);
--> statement-breakpoint
CREATE TABLE "click_windows" (
	"days" smallint NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_windows_days_facet_value_kind_action_pk" PRIMARY KEY("days","facet","value","kind","action")
);
--> statement-breakpoint
CREATE INDEX "click_days_group_idx" ON "click_days" USING btree ("facet","value","kind","action","day");--> statement-breakpoint
CREATE INDEX "click_windows_top_idx" ON "click_windows" USING btree ("days","facet","action","clicks" DESC NULLS LAST,"value");--> statement-breakpoint
CREATE INDEX "clicks_store_created_idx" ON "clicks" USING btree ("store_id","created_at");