-- Live changes are written here before the editor is told they arrived, one row per group of
-- changes that reached an instance together. A store of the live state (document_states)
-- deletes the rows it holds; opening a document applies whatever rows are left, so a crash
-- between two stores loses nothing an editor saw acknowledged. `origin` names the instance
-- that wrote the row: it alone knows when its own rows are in its stored state.
CREATE TABLE IF NOT EXISTS document_updates (
  id bigserial PRIMARY KEY,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  origin text NOT NULL,
  update bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS document_updates_document ON document_updates (document_id, id);
