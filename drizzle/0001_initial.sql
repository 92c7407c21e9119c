CREATE TYPE "public"."content_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."click_kind" AS ENUM('deal', 'coupon', 'gift');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('percentage', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."url_type" AS ENUM('automatic', 'manual');--> statement-breakpoint
CREATE TYPE "public"."audience_type" AS ENUM('men', 'women', 'teens', 'kids', 'babies', 'teachers', 'coworkers', 'parents', 'couples', 'general');--> statement-breakpoint
CREATE TYPE "public"."occasion" AS ENUM('birthday', 'christmas', 'mothers-day', 'fathers-day', 'graduation', 'wedding', 'anniversary', 'valentines', 'general');--> statement-breakpoint
CREATE TYPE "public"."api_type" AS ENUM('manual', 'amazon', 'shopify', 'woocommerce', 'amazon_pa');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "click_kind" NOT NULL,
	"item_id" uuid NOT NULL,
	"placement" text,
	"referrer_host" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buying_guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"cover_image_url" text NOT NULL,
	"read_time" integer,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buying_guides_slug_unique" UNIQUE("slug"),
	CONSTRAINT "buying_guides_read_time_positive" CHECK ("buying_guides"."read_time" IS NULL OR "buying_guides"."read_time" >= 1)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"store_id" uuid NOT NULL,
	"coupon_code" text,
	"discount_type" "discount_type" DEFAULT 'percentage' NOT NULL,
	"discount_value" numeric(10, 2) NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"terms" text,
	"url_type" "url_type" DEFAULT 'automatic' NOT NULL,
	"custom_url" text,
	"affiliate_url" text,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount_value_positive" CHECK ("coupons"."discount_value" > 0),
	CONSTRAINT "coupons_percentage_max" CHECK ("coupons"."discount_type" <> 'percentage' OR "coupons"."discount_value" <= 100),
	CONSTRAINT "coupons_valid_range" CHECK ("coupons"."valid_from" IS NULL OR "coupons"."valid_until" IS NULL OR "coupons"."valid_until" >= "coupons"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"short_description" text NOT NULL,
	"long_description" text,
	"image_url" text NOT NULL,
	"current_price" numeric(10, 2) NOT NULL,
	"original_price" numeric(10, 2),
	"discount_percentage" integer,
	"affiliate_url" text NOT NULL,
	"store_id" uuid NOT NULL,
	"category_id" uuid,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"track_clicks" boolean DEFAULT true NOT NULL,
	"notes" text,
	"amazon_asin" text,
	"rating" numeric(2, 1),
	"review_count" integer,
	"expires_at" timestamp with time zone,
	"is_hot" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(short_description, '')), 'B') || setweight(to_tsvector('english', coalesce(long_description, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_slug_unique" UNIQUE("slug"),
	CONSTRAINT "deals_current_price_positive" CHECK ("deals"."current_price" >= 0.01),
	CONSTRAINT "deals_original_price_positive" CHECK ("deals"."original_price" IS NULL OR "deals"."original_price" >= 0.01),
	CONSTRAINT "deals_rating_range" CHECK ("deals"."rating" IS NULL OR ("deals"."rating" >= 0 AND "deals"."rating" <= 5)),
	CONSTRAINT "deals_review_count_positive" CHECK ("deals"."review_count" IS NULL OR "deals"."review_count" >= 0),
	CONSTRAINT "deals_discount_range" CHECK ("deals"."discount_percentage" IS NULL OR "deals"."discount_percentage" BETWEEN -1000 AND 100)
);
--> statement-breakpoint
CREATE TABLE "gift_ideas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	"image_url" text NOT NULL,
	"additional_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_amazon_product" boolean DEFAULT false NOT NULL,
	"amazon_asin" text,
	"product_url" text NOT NULL,
	"store_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"occasion" "occasion",
	"audience_type" "audience_type",
	"show_in_gift_guide" boolean DEFAULT false NOT NULL,
	"price" numeric(10, 2),
	"prime_eligible" boolean DEFAULT false NOT NULL,
	"rating" numeric(2, 1),
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_ideas_slug_unique" UNIQUE("slug"),
	CONSTRAINT "gift_ideas_price_positive" CHECK ("gift_ideas"."price" IS NULL OR "gift_ideas"."price" >= 0.01),
	CONSTRAINT "gift_ideas_rating_range" CHECK ("gift_ideas"."rating" IS NULL OR ("gift_ideas"."rating" >= 0 AND "gift_ideas"."rating" <= 5)),
	CONSTRAINT "gift_ideas_total_reviews_positive" CHECK ("gift_ideas"."total_reviews" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo_url" text,
	"seo_title" text,
	"seo_description" text,
	"api_type" "api_type" DEFAULT 'manual' NOT NULL,
	"api_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_guides" ADD CONSTRAINT "buying_guides_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_ideas" ADD CONSTRAINT "gift_ideas_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clicks_item_created_idx" ON "clicks" USING btree ("kind","item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "buying_guides_status_created_idx" ON "buying_guides" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buying_guides_status_featured_created_idx" ON "buying_guides" USING btree ("status","featured" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buying_guides_category_idx" ON "buying_guides" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "coupons_status_created_idx" ON "coupons" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupons_status_featured_created_idx" ON "coupons" USING btree ("status","featured" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupons_store_idx" ON "coupons" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "coupons_search_idx" ON "coupons" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "coupons_title_trgm_idx" ON "coupons" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_status_created_idx" ON "deals" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_status_featured_created_idx" ON "deals" USING btree ("status","featured" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_store_idx" ON "deals" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "deals_category_idx" ON "deals" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "deals_search_idx" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "deals_title_trgm_idx" ON "deals" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gift_ideas_status_created_idx" ON "gift_ideas" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_ideas_status_featured_created_idx" ON "gift_ideas" USING btree ("status","featured" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_ideas_store_idx" ON "gift_ideas" USING btree ("store_id");