CREATE TABLE "earnings_touched_days" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_days" ADD COLUMN "cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_months" ADD COLUMN "cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_weeks" ADD COLUMN "cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_windows" ADD COLUMN "cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Inserted rows (their new state) and deleted ones (their old state) both come as `changed_rows`.
CREATE FUNCTION dealdash_earnings_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earnings_touched_days (day)
  SELECT DISTINCT (transacted_at AT TIME ZONE 'UTC')::date FROM changed_rows
  ON CONFLICT (day) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION dealdash_earnings_touched_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earnings_touched_days (day)
  SELECT (transacted_at AT TIME ZONE 'UTC')::date FROM old_rows
  UNION SELECT (transacted_at AT TIME ZONE 'UTC')::date FROM new_rows
  ON CONFLICT (day) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER earnings_touched_insert AFTER INSERT ON earnings REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_earnings_touched();--> statement-breakpoint
CREATE TRIGGER earnings_touched_update AFTER UPDATE ON earnings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_earnings_touched_update();--> statement-breakpoint
CREATE TRIGGER earnings_touched_delete AFTER DELETE ON earnings REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_earnings_touched();--> statement-breakpoint
-- Transactions imported before sales were rolled up are counted by the next roll-up, and the windows are
-- rebuilt with the 60-day one.
INSERT INTO earnings_touched_days (day) SELECT DISTINCT (transacted_at AT TIME ZONE 'UTC')::date FROM earnings;--> statement-breakpoint
DELETE FROM roll_up_marks WHERE name = 'click-windows';
