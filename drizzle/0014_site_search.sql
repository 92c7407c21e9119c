ALTER TABLE "buying_guides" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "buying_guides_search_idx" ON "buying_guides" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "coupons_description_trgm_idx" ON "coupons" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_lower_name_trgm_idx" ON "stores" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
-- Site search is typo-tolerant for coupons and guides too (app/modules/search/search-words.server.ts):
-- their titles' words join the deal titles' words in search_words, kept by the same statement trigger.
CREATE TRIGGER coupons_search_words_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_keep_search_words();--> statement-breakpoint
CREATE TRIGGER coupons_search_words_update AFTER UPDATE ON coupons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_keep_search_words();--> statement-breakpoint
CREATE TRIGGER buying_guides_search_words_insert AFTER INSERT ON buying_guides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_keep_search_words();--> statement-breakpoint
CREATE TRIGGER buying_guides_search_words_update AFTER UPDATE ON buying_guides REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealdash_keep_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT word FROM (SELECT title FROM coupons UNION ALL SELECT title FROM buying_guides) titles, dealdash_title_words(titles.title) AS word
ORDER BY word ON CONFLICT DO NOTHING;
