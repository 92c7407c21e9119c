CREATE TABLE "change_batch_items" (
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "change_batch_items_batch_id_kind_item_id_pk" PRIMARY KEY("batch_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "change_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "news" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "batches" text DEFAULT 'summary' NOT NULL;--> statement-breakpoint
ALTER TABLE "change_batch_items" ADD CONSTRAINT "change_batch_items_batch_id_change_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."change_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_batch_items_item_idx" ON "change_batch_items" USING btree ("kind","item_id");