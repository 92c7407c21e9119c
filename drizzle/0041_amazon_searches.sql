CREATE TABLE "amazon_request_days" (
	"day" date PRIMARY KEY NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sourcing_candidates_amazon_details_idx" ON "sourcing_candidates" USING btree ("seen_at") WHERE "sourcing_candidates"."source" = 'amazon' AND "sourcing_candidates"."title" IS NOT NULL;