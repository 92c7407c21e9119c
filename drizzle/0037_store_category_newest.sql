CREATE INDEX "deals_store_created_idx" ON "deals" USING btree ("store_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deals_category_created_idx" ON "deals" USING btree ("category_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
DROP INDEX "deals_store_idx";--> statement-breakpoint
DROP INDEX "deals_category_idx";
