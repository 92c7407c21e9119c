CREATE TABLE "earnings_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"every_minutes" integer DEFAULT 360 NOT NULL,
	"look_back_days" integer DEFAULT 90 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_counts" jsonb,
	"last_error" text,
	"progress" text,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_sources_every_minutes" CHECK ("earnings_sources"."every_minutes" BETWEEN 60 AND 10080),
	CONSTRAINT "earnings_sources_look_back_days" CHECK ("earnings_sources"."look_back_days" BETWEEN 1 AND 400)
);
--> statement-breakpoint
CREATE INDEX "earnings_sources_due_idx" ON "earnings_sources" USING btree ("next_run_at");