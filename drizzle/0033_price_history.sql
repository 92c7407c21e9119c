CREATE TYPE "public"."price_source" AS ENUM('owner', 'import', 'amazon');--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"source" "price_source" NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_item_kind" CHECK ("price_history"."item_kind" IN ('deal', 'gift'))
);
--> statement-breakpoint
CREATE INDEX "price_history_item_idx" ON "price_history" USING btree ("item_kind","item_id","recorded_at");--> statement-breakpoint
CREATE INDEX "price_history_amazon_idx" ON "price_history" USING btree ("recorded_at") WHERE "price_history"."source" = 'amazon';--> statement-breakpoint
-- One row per price change, whoever writes it: a statement-level trigger on deals and gift_ideas compares the
-- statement's transition tables (bulk actions and imports write one INSERT per statement). TG_ARGV: the item
-- kind and the price column. The writer names the source with `set_config('dealdash.price_source', …, true)`
-- (the CSV import says 'import'); an item with an ASIN is Amazon's, whoever typed its price.
CREATE OR REPLACE FUNCTION dealdash_record_prices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  given text := coalesce(nullif(current_setting('dealdash.price_source', true), ''), 'owner');
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM price_history USING old_rows WHERE price_history.item_kind = TG_ARGV[0] AND price_history.item_id = old_rows.id;
    RETURN NULL;
  END IF;
  EXECUTE format(
    'INSERT INTO price_history (item_kind, item_id, price, source) '
    'SELECT %1$L, n.id, n.%2$I, (CASE WHEN n.amazon_asin IS NULL THEN %3$L ELSE ''amazon'' END)::price_source '
    'FROM new_rows n %4$s WHERE n.%2$I IS NOT NULL',
    TG_ARGV[0], TG_ARGV[1], given,
    CASE WHEN TG_OP = 'UPDATE' THEN format('JOIN old_rows o ON o.id = n.id AND o.%1$I IS DISTINCT FROM n.%1$I', TG_ARGV[1]) ELSE '' END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deals_price_history_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_record_prices('deal', 'current_price');--> statement-breakpoint
CREATE TRIGGER deals_price_history_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_record_prices('deal', 'current_price');--> statement-breakpoint
CREATE TRIGGER deals_price_history_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_record_prices('deal', 'current_price');--> statement-breakpoint
CREATE TRIGGER gift_ideas_price_history_insert AFTER INSERT ON gift_ideas REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_record_prices('gift', 'price');--> statement-breakpoint
CREATE TRIGGER gift_ideas_price_history_update AFTER UPDATE ON gift_ideas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_record_prices('gift', 'price');--> statement-breakpoint
CREATE TRIGGER gift_ideas_price_history_delete AFTER DELETE ON gift_ideas REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_record_prices('gift', 'price');--> statement-breakpoint
-- The prices items show today, as of their last save (unchanged since then); Amazon's are not kept.
INSERT INTO price_history (item_kind, item_id, price, source, recorded_at)
  SELECT 'deal', id, current_price, 'owner', updated_at FROM deals WHERE amazon_asin IS NULL;--> statement-breakpoint
INSERT INTO price_history (item_kind, item_id, price, source, recorded_at)
  SELECT 'gift', id, price, 'owner', updated_at FROM gift_ideas WHERE amazon_asin IS NULL AND price IS NOT NULL;
