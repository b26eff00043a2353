-- Kept answers are stored gzipped (issue 12). Every browser accepts gzip, so the stored bytes are what
-- a request sends: compressed once, when kept, instead of per request; read from the database at about
-- a tenth of the size (a property's details on the large tier: 49 KB of JSON, about 5 KB gzipped); and
-- held in each server's memory at that size, so it holds about ten times as many. Kept answers can
-- always be computed again: the old ones are dropped, not converted.
DELETE FROM answer_cache;
ALTER TABLE answer_cache DROP COLUMN body;
ALTER TABLE answer_cache ADD COLUMN body_gzip bytea NOT NULL;
