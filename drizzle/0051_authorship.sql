ALTER TABLE "buying_guides" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "buying_guides" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buying_guides" ADD CONSTRAINT "buying_guides_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD CONSTRAINT "gift_ideas_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buying_guides_author_idx" ON "buying_guides" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "buying_guides_submitted_idx" ON "buying_guides" USING btree ("submitted_at") WHERE "buying_guides"."submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_author_idx" ON "coupons" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "coupons_submitted_idx" ON "coupons" USING btree ("submitted_at") WHERE "coupons"."submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_author_idx" ON "deals" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "deals_submitted_idx" ON "deals" USING btree ("submitted_at") WHERE "deals"."submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_ideas_author_idx" ON "gift_ideas" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "gift_ideas_submitted_idx" ON "gift_ideas" USING btree ("submitted_at") WHERE "gift_ideas"."submitted_at" IS NOT NULL;