CREATE TABLE "currency_rates" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"valid_from" date NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_base_quote_valid_from_pk" PRIMARY KEY("base","quote","valid_from"),
	CONSTRAINT "currency_rates_positive" CHECK ("currency_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "site_commission" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "site_sale_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "site_currency" text;--> statement-breakpoint
CREATE INDEX "earnings_unconverted_idx" ON "earnings" USING btree ("id") WHERE "earnings"."site_commission" IS NULL;--> statement-breakpoint
CREATE INDEX "earnings_conversion_idx" ON "earnings" USING btree ("site_currency","currency","id");