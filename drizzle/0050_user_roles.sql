ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'contributor' NOT NULL;--> statement-breakpoint
-- Every admin before roles could do everything: they stay owners.
UPDATE "users" SET "role" = 'owner';
