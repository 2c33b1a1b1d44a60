-- Collaboration: the live document's Yjs state, one row per document that has been opened
-- for co-editing (or changed through the API since). documents.content stays the readable
-- copy derived from it on every store, so exports, search, AI and lists read JSON as before.
CREATE TABLE IF NOT EXISTS document_states (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  state bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
