CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"amazon_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("kind","item_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_revisions_amazon_idx" ON "content_revisions" USING btree ("amazon_until") WHERE "content_revisions"."amazon_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_revisions_created_idx" ON "content_revisions" USING btree ("created_at");