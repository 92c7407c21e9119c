ALTER TABLE "buying_guides" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buying_guides" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "buying_guides_publish_at_idx" ON "buying_guides" USING btree ("publish_at") WHERE "buying_guides"."publish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "buying_guides_unpublish_at_idx" ON "buying_guides" USING btree ("unpublish_at") WHERE "buying_guides"."unpublish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_publish_at_idx" ON "coupons" USING btree ("publish_at") WHERE "coupons"."publish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_unpublish_at_idx" ON "coupons" USING btree ("unpublish_at") WHERE "coupons"."unpublish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_publish_at_idx" ON "deals" USING btree ("publish_at") WHERE "deals"."publish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_unpublish_at_idx" ON "deals" USING btree ("unpublish_at") WHERE "deals"."unpublish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_ideas_publish_at_idx" ON "gift_ideas" USING btree ("publish_at") WHERE "gift_ideas"."publish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_ideas_unpublish_at_idx" ON "gift_ideas" USING btree ("unpublish_at") WHERE "gift_ideas"."unpublish_at" IS NOT NULL;