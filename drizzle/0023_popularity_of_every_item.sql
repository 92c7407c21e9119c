ALTER TABLE "coupons" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_status_popular_idx" ON "coupons" USING btree ("status","popularity" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deals_amazon_popular_idx" ON "deals" USING btree ("popularity" DESC NULLS LAST) WHERE "deals"."amazon_asin" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_ideas_status_popular_idx" ON "gift_ideas" USING btree ("status","popularity" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");