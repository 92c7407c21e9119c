ALTER TABLE "stores" ADD COLUMN "published_deals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "published_coupons" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_published_deals_idx" ON "stores" USING btree ("published_deals" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "stores_published_coupons_idx" ON "stores" USING btree ("published_coupons" DESC NULLS LAST,"name");--> statement-breakpoint
-- The counters follow every statement that inserts, updates or deletes deals or coupons: a statement-level
-- trigger sums the change per store from the statement's transition tables (one UPDATE of stores per
-- statement, also for bulk actions and imports). TG_ARGV[0] names the counter column.
CREATE OR REPLACE FUNCTION dealdash_count_published_per_store() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  moved boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('UPDATE stores SET %1$I = 0 WHERE %1$I <> 0', TG_ARGV[0]);
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT store_id, 1 AS delta FROM new_rows WHERE status = ''published'''
    WHEN 'DELETE' THEN 'SELECT store_id, -1 AS delta FROM old_rows WHERE status = ''published'''
    ELSE 'SELECT store_id, 1 AS delta FROM new_rows WHERE status = ''published'' UNION ALL SELECT store_id, -1 FROM old_rows WHERE status = ''published'''
  END;
  -- Most statements move nothing (an edit, a price refresh): they leave stores alone, so stores' own
  -- statement triggers do not fire for them.
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM (%s) moved WHERE store_id IS NOT NULL GROUP BY store_id HAVING sum(delta) <> 0)', changes) INTO moved;
  IF NOT moved THEN
    RETURN NULL;
  END IF;
  EXECUTE format(
    'UPDATE stores SET %1$I = stores.%1$I + change.delta FROM (SELECT store_id, sum(delta)::int AS delta FROM (%2$s) moved WHERE store_id IS NOT NULL GROUP BY store_id HAVING sum(delta) <> 0) change WHERE stores.id = change.store_id',
    TG_ARGV[0], changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deals_store_count_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_deals');--> statement-breakpoint
CREATE TRIGGER deals_store_count_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_deals');--> statement-breakpoint
CREATE TRIGGER deals_store_count_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_deals');--> statement-breakpoint
CREATE TRIGGER deals_store_count_truncate AFTER TRUNCATE ON deals FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_deals');--> statement-breakpoint
CREATE TRIGGER coupons_store_count_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_coupons');--> statement-breakpoint
CREATE TRIGGER coupons_store_count_update AFTER UPDATE ON coupons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_coupons');--> statement-breakpoint
CREATE TRIGGER coupons_store_count_delete AFTER DELETE ON coupons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_coupons');--> statement-breakpoint
CREATE TRIGGER coupons_store_count_truncate AFTER TRUNCATE ON coupons FOR EACH STATEMENT EXECUTE FUNCTION dealdash_count_published_per_store('published_coupons');--> statement-breakpoint
UPDATE stores SET
  published_deals = (SELECT count(*) FROM deals WHERE deals.store_id = stores.id AND deals.status = 'published'),
  published_coupons = (SELECT count(*) FROM coupons WHERE coupons.store_id = stores.id AND coupons.status = 'published');
