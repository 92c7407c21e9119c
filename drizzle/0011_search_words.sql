CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of deal titles, for typo-tolerant search (app/modules/deals/deal-search.server.ts). Every
-- statement that inserts deals or changes a title adds the new words; words are never removed (a word no
-- deal uses any more only widens a query by a term that matches nothing). Words are inserted in order so
-- that concurrent writers take their locks in the same order.
-- A title's words: lower case, letters and digits, 3 to 40 characters, not a bare number.
CREATE OR REPLACE FUNCTION dealdash_title_words(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT word FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dealdash_keep_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  titles text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT title FROM new_rows'
    ELSE 'SELECT n.title FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.title IS DISTINCT FROM o.title'
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO search_words (word) SELECT DISTINCT word FROM (%s) changed, dealdash_title_words(changed.title) AS word ORDER BY word ON CONFLICT DO NOTHING',
    titles);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deals_search_words_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_keep_search_words();--> statement-breakpoint
CREATE TRIGGER deals_search_words_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_keep_search_words();--> statement-breakpoint
INSERT INTO search_words (word) SELECT DISTINCT word FROM deals, dealdash_title_words(deals.title) AS word ORDER BY word ON CONFLICT DO NOTHING;
