CREATE TABLE "item_vote_tallies" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"worked" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"last_worked_at" timestamp with time zone,
	CONSTRAINT "item_vote_tallies_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "item_votes" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"voter" text NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_votes_kind_item_id_day_voter_pk" PRIMARY KEY("kind","item_id","day","voter")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "item_votes_recent_idx" ON "item_votes" USING btree ("vote","created_at");