ALTER TABLE "sourcing_sources" ADD COLUMN "auto_published_day" date;--> statement-breakpoint
ALTER TABLE "sourcing_sources" ADD COLUMN "auto_published_count" integer DEFAULT 0 NOT NULL;