CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "price_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "price_updated_at" timestamp with time zone;