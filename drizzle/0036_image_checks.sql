ALTER TABLE "link_checks" ADD COLUMN "target" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "link_checks" DROP CONSTRAINT "link_checks_kind_item_id_pk";--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_kind_item_id_target_pk" PRIMARY KEY("kind","item_id","target");--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_target" CHECK ("link_checks"."target" IN ('link', 'image'));
