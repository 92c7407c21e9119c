CREATE TABLE "link_fallbacks" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"url" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_fallbacks_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
