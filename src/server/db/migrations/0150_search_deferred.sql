-- The search vector is no longer computed on every save. As a generated column it was
-- computed again by every UPDATE that wrote text_content, and with its GIN index it was
-- ~85% of a 27 KB autosave's database work (6.5 of 7.8 ms on PGlite), for a vector that
-- only a search reads. Now a write of the title or text only marks the row stale, and
-- search (src/server/search/refresh.ts) brings the vectors of the documents it is about to
-- search up to date first, once per change however many autosaves came in between. A new
-- row (a created or imported document) gets its vector at once, as before.
ALTER TABLE documents ALTER COLUMN search DROP EXPRESSION IF EXISTS;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS search_stale boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION documents_search_on_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search := document_search_vector(NEW.title, NEW.text_content);
    NEW.search_stale := false;
  ELSE
    NEW.search_stale := true;
  END IF;
  RETURN NEW;
END
$$;

-- UPDATE OF: only statements that write the title or the text; the refresh writes neither.
CREATE TRIGGER documents_search_on_write
  BEFORE INSERT OR UPDATE OF title, text_content ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_search_on_write();

-- The stale rows of a user, found without reading the others.
CREATE INDEX IF NOT EXISTS documents_search_stale_idx ON documents (user_id) WHERE search_stale;
