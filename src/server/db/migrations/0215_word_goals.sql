-- A word-count goal per document, as writers set them for essays and chapters: the number of
-- words the writer aims for, or NULL for none. Shown with the count in the editor's stats and
-- on the dashboard card; it is not content, so setting it moves neither version nor updated_at.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS word_goal integer;
ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_word_goal_check;
ALTER TABLE documents ADD CONSTRAINT documents_word_goal_check CHECK (word_goal IS NULL OR (word_goal >= 1 AND word_goal <= 1000000));
