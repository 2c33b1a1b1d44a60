-- Full-text search (src/server/search/): a tsvector of each document's title (weight A) and
-- text (weight B), kept by PostgreSQL itself from the columns every save and live store
-- writes, and a GIN index on it. The 'simple' configuration (words as written, lower-cased,
-- no stems, no stop words): search runs as the user types with the last word as a prefix,
-- and a stemmed index misses half-typed words whose stem is shorter than what was typed
-- ("happine" against the stem "happi"); a finished word's prefix still finds its other forms.
-- A tsvector holds at most 1 MB; a document near the 5 MB content cap with many distinct
-- words would pass that, and an error here would fail its save. The function indexes the
-- whole text when it fits and otherwise its first 100,000 characters (at most ~5 bytes of
-- vector per character, so always under the cap). Positions stop at 16,383 words anyway.
CREATE OR REPLACE FUNCTION document_search_vector(title text, body text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(body, '')), 'B');
EXCEPTION WHEN program_limit_exceeded THEN
  RETURN setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, left(coalesce(body, ''), 100000)), 'B');
END
$$;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS search tsvector
  GENERATED ALWAYS AS (document_search_vector(title, text_content)) STORED;
CREATE INDEX IF NOT EXISTS documents_search_idx ON documents USING gin (search);
