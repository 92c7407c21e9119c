CREATE TABLE "roll_up_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"covered_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clicks_kind_created_idx" ON "clicks" USING btree ("kind","created_at");