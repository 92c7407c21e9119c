CREATE TYPE "public"."earning_status" AS ENUM('pending', 'approved', 'declined', 'paid');--> statement-breakpoint
CREATE TABLE "earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"external_id" text NOT NULL,
	"status" "earning_status" NOT NULL,
	"sale_amount" numeric(14, 2),
	"commission" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"transacted_at" timestamp with time zone NOT NULL,
	"clicked_at" timestamp with time zone,
	"sub_id" text,
	"click_id" uuid,
	"kind" text,
	"item_id" uuid,
	"store_id" uuid,
	"category_id" uuid,
	"placement" text,
	"referrer_host" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_network_external_idx" ON "earnings" USING btree ("network","external_id");--> statement-breakpoint
CREATE INDEX "earnings_transacted_idx" ON "earnings" USING btree ("transacted_at");--> statement-breakpoint
CREATE INDEX "earnings_store_transacted_idx" ON "earnings" USING btree ("store_id","transacted_at");--> statement-breakpoint
CREATE INDEX "earnings_item_transacted_idx" ON "earnings" USING btree ("kind","item_id","transacted_at");--> statement-breakpoint
CREATE INDEX "earnings_unattributed_idx" ON "earnings" USING btree ("transacted_at") WHERE "earnings"."click_id" IS NULL;