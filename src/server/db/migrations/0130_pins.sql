-- Pins: documents a user starred to keep at the top of their dashboard.
CREATE TABLE IF NOT EXISTS document_pins (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, document_id)
);
CREATE INDEX IF NOT EXISTS document_pins_document_idx ON document_pins (document_id);
-- The list sorted by creation or title, a page at a time.
CREATE INDEX IF NOT EXISTS documents_user_created_idx ON documents (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_user_title_idx ON documents (user_id, lower(title), id) WHERE deleted_at IS NULL;
