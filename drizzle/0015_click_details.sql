ALTER TABLE "clicks" ADD COLUMN "action" text DEFAULT 'click' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "clicks_created_idx" ON "clicks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clicks_reveals_idx" ON "clicks" USING btree ("created_at") WHERE "clicks"."action" = 'reveal';