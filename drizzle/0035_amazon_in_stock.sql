ALTER TABLE "deals" ADD COLUMN "amazon_in_stock" boolean;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "amazon_in_stock" boolean;