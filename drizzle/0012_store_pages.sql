ALTER TABLE "stores" ADD COLUMN "affiliate_url" text;--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "stores_lower_name_idx" ON "stores" USING btree (lower("name"));