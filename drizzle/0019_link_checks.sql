CREATE TABLE "link_checks" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"url" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"status" integer,
	"problem" text,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_checks_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE INDEX "link_checks_failing_idx" ON "link_checks" USING btree ("failures") WHERE "link_checks"."failures" >= 2;