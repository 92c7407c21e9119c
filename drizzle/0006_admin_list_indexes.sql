CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("coupon_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_created_id_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_title_id_idx" ON "coupons" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "coupons_discount_id_idx" ON "coupons" USING btree ("discount_value","id");--> statement-breakpoint
CREATE INDEX "coupons_valid_until_id_idx" ON "coupons" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "deals_created_id_idx" ON "deals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deals_title_id_idx" ON "deals" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "deals_price_id_idx" ON "deals" USING btree ("current_price","id");--> statement-breakpoint
CREATE INDEX "deals_amazon_asin_idx" ON "deals" USING btree ("amazon_asin");--> statement-breakpoint
CREATE INDEX "deals_expires_idx" ON "deals" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "gift_ideas_created_id_idx" ON "gift_ideas" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gift_ideas_title_id_idx" ON "gift_ideas" USING btree ("title","id");