-- Trigram matching for typo-tolerant search; gen_random_uuid() is built into PostgreSQL 13+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
