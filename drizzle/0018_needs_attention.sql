CREATE TABLE "attention_marks" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"snoozed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_marks_kind_item_id_reason_pk" PRIMARY KEY("kind","item_id","reason")
);
