CREATE TABLE "alert_deliveries" (
	"email" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"alert_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_email_deal_id_pk" PRIMARY KEY("email","deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"keywords" text NOT NULL,
	"store_id" uuid,
	"category_id" uuid,
	"max_price" numeric(10, 2),
	"min_discount" integer,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"confirm_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_deal_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."deal_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_waiting_idx" ON "alert_deliveries" USING btree ("frequency","email") WHERE "alert_deliveries"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "deal_alerts_active_idx" ON "deal_alerts" USING btree ("id") WHERE "deal_alerts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "deal_alerts_email_idx" ON "deal_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "deals_updated_idx" ON "deals" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_purpose_idx" ON "mail_outbox" USING btree ("to","purpose","created_at");