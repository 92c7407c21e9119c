CREATE TYPE "public"."reference_price_kind" AS ENUM('owner', 'list', 'was', 'lowest_30');--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "reference_price_kind" "reference_price_kind" DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "prior_lowest_price" numeric(10, 2);--> statement-breakpoint
-- When a deal's price changes, the lowest recorded price of the 30 days before (the EU's "prior price",
-- Directive 98/6/EC Art. 6a) is kept beside it: the price in effect when that window opened and every change
-- inside it. Null when the history does not reach back to the window's start. It is read before this
-- statement's own change is recorded (price_history's trigger runs after the statement), so the new price is
-- never its own reference.
CREATE FUNCTION dealdash_prior_lowest_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  window_start timestamptz := now() - interval '30 days';
BEGIN
  -- An Amazon item's prices are Amazon's, kept 24 hours (ADR 0039): no low of theirs is kept on the row.
  IF NEW.amazon_asin IS NOT NULL THEN
    NEW.prior_lowest_price := NULL;
    RETURN NEW;
  END IF;
  NEW.prior_lowest_price := (
    SELECT CASE WHEN bool_or(prior.recorded_at <= window_start) THEN min(prior.price) END
    FROM (
      (SELECT price, recorded_at FROM price_history
        WHERE item_kind = 'deal' AND item_id = NEW.id AND recorded_at <= window_start
        ORDER BY recorded_at DESC LIMIT 1)
      UNION ALL
      (SELECT price, recorded_at FROM price_history
        WHERE item_kind = 'deal' AND item_id = NEW.id AND recorded_at > window_start)
    ) AS prior
  );
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER deals_prior_lowest_price BEFORE UPDATE OF current_price ON deals
  FOR EACH ROW WHEN (OLD.current_price IS DISTINCT FROM NEW.current_price)
  EXECUTE FUNCTION dealdash_prior_lowest_price();
