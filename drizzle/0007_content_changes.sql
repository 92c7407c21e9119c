-- Public pages are cached until content changes: every statement that changes a content table tells
-- listeners on the channel 'dealdash_content' (the table's name as payload). NOTIFY is sent at commit,
-- so a rolled-back change invalidates nothing, and every process on the database hears it.
CREATE OR REPLACE FUNCTION dealdash_notify_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dealdash_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deals_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deals FOR EACH STATEMENT EXECUTE FUNCTION dealdash_notify_content_change();--> statement-breakpoint
CREATE TRIGGER coupons_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coupons FOR EACH STATEMENT EXECUTE FUNCTION dealdash_notify_content_change();--> statement-breakpoint
CREATE TRIGGER gift_ideas_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gift_ideas FOR EACH STATEMENT EXECUTE FUNCTION dealdash_notify_content_change();--> statement-breakpoint
CREATE TRIGGER buying_guides_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buying_guides FOR EACH STATEMENT EXECUTE FUNCTION dealdash_notify_content_change();--> statement-breakpoint
CREATE TRIGGER stores_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores FOR EACH STATEMENT EXECUTE FUNCTION dealdash_notify_content_change();--> statement-breakpoint
CREATE TRIGGER categories_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION dealdash_notify_content_change();
