CREATE TABLE "sourced_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid,
	"coupon_id" uuid,
	"source_id" uuid,
	"external_id" text,
	"dedupe_key" text NOT NULL,
	"coupon_code" text,
	"ends_at" timestamp with time zone,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sourced_items_one_item" CHECK (num_nonnulls("sourced_items"."deal_id", "sourced_items"."coupon_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "sourcing_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"every_minutes" integer DEFAULT 60 NOT NULL,
	"auto_publish" boolean DEFAULT false NOT NULL,
	"auto_min_score" integer,
	"auto_daily_cap" integer,
	"last_run_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_found" integer,
	"last_error" text,
	"progress" text,
	"approved_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sourcing_sources_auto_publish_bounded" CHECK (NOT "sourcing_sources"."auto_publish" OR ("sourcing_sources"."auto_min_score" IS NOT NULL AND "sourcing_sources"."auto_daily_cap" IS NOT NULL)),
	CONSTRAINT "sourcing_sources_every_minutes" CHECK ("sourcing_sources"."every_minutes" BETWEEN 15 AND 10080),
	CONSTRAINT "sourcing_sources_no_tips" CHECK ("sourcing_sources"."kind" <> 'tip')
);
--> statement-breakpoint
DROP INDEX "sourcing_candidates_pending_key_idx";--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "kind" text DEFAULT 'deal' NOT NULL;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "affiliate_url" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "original_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "merchant" text;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "score_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sourced_items" ADD CONSTRAINT "sourced_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourced_items" ADD CONSTRAINT "sourced_items_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourced_items" ADD CONSTRAINT "sourced_items_source_id_sourcing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sourcing_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sourced_items_key_idx" ON "sourced_items" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sourced_items_offer_idx" ON "sourced_items" USING btree ("source_id","external_id") WHERE "sourced_items"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sourced_items_deal_idx" ON "sourced_items" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sourced_items_coupon_idx" ON "sourced_items" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "sourced_items_source_seen_idx" ON "sourced_items" USING btree ("source_id","seen_at");--> statement-breakpoint
CREATE INDEX "sourcing_sources_due_idx" ON "sourcing_sources" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD CONSTRAINT "sourcing_candidates_source_id_sourcing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sourcing_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD CONSTRAINT "sourcing_candidates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_store_code_idx" ON "coupons" USING btree ("store_id",upper(regexp_replace("coupon_code", '\s+', '', 'g')));--> statement-breakpoint
CREATE INDEX "sourcing_candidates_score_idx" ON "sourcing_candidates" USING btree ("status","score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sourcing_candidates_source_queue_idx" ON "sourcing_candidates" USING btree ("status","source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sourcing_candidates_source_score_idx" ON "sourcing_candidates" USING btree ("status","source","score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sourcing_candidates_waiting_key_idx" ON "sourcing_candidates" USING btree ("dedupe_key") WHERE "sourcing_candidates"."status" IN ('pending', 'snoozed');--> statement-breakpoint
CREATE INDEX "sourcing_candidates_rejected_key_idx" ON "sourcing_candidates" USING btree ("dedupe_key","reviewed_at" DESC NULLS LAST) WHERE "sourcing_candidates"."status" = 'rejected';--> statement-breakpoint
CREATE INDEX "sourcing_candidates_snoozed_idx" ON "sourcing_candidates" USING btree ("snoozed_until") WHERE "sourcing_candidates"."status" = 'snoozed';--> statement-breakpoint
CREATE INDEX "sourcing_candidates_source_seen_idx" ON "sourcing_candidates" USING btree ("source_id","seen_at") WHERE "sourcing_candidates"."status" IN ('pending', 'snoozed');--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD CONSTRAINT "sourcing_candidates_snooze" CHECK ("sourcing_candidates"."status" <> 'snoozed' OR "sourcing_candidates"."snoozed_until" IS NOT NULL);