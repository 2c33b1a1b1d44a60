-- The dashboard's list carries a word count and an excerpt instead of every document's whole
-- content. The count is kept beside text_content by every write (documents/content.ts counts
-- it once per save); existing rows are counted here once.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS word_count integer NOT NULL DEFAULT 0;
UPDATE documents SET word_count = coalesce(array_length(regexp_split_to_array(btrim(text_content), '\s+'), 1), 0)
  WHERE btrim(text_content) <> '';
-- The list is read newest first, a page at a time (updated_at, id as the cursor).
CREATE INDEX IF NOT EXISTS documents_user_updated_id_idx ON documents (user_id, updated_at DESC, id DESC);
DROP INDEX IF EXISTS documents_user_updated_idx;
