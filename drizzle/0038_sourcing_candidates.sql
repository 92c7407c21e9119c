CREATE TABLE "sourcing_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"price" numeric(10, 2),
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sourcing_candidates_reason" CHECK ("sourcing_candidates"."status" <> 'rejected' OR "sourcing_candidates"."reject_reason" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "sourcing_candidates" ADD CONSTRAINT "sourcing_candidates_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sourcing_candidates_queue_idx" ON "sourcing_candidates" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sourcing_candidates_pending_key_idx" ON "sourcing_candidates" USING btree ("dedupe_key") WHERE "sourcing_candidates"."status" = 'pending';