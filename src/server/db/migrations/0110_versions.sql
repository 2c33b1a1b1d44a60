-- Version history: snapshots of a document's readable content (the JSON everything else
-- reads), brotli-compressed. Taken automatically while it is edited (at most one every few
-- minutes of activity), when an editing session ends, before a restore, before an accepted
-- AI change that rewrites more than a paragraph, and by name.
-- doc_version is documents.version at the snapshot, so "changed since the last snapshot" is
-- a comparison of two integers. Unnamed snapshots older than the owner's plan keeps are
-- deleted by the upkeep (versions/retention.ts); named ones stay as long as the document.
CREATE TABLE IF NOT EXISTS document_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  doc_version integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('auto', 'session', 'restore', 'ai', 'named')),
  name text,
  authors jsonb NOT NULL DEFAULT '[]',
  title text NOT NULL,
  content bytea NOT NULL,
  json_bytes integer NOT NULL,
  word_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS document_versions_doc_idx ON document_versions (document_id, created_at DESC);
CREATE INDEX IF NOT EXISTS document_versions_age_idx ON document_versions (created_at) WHERE name IS NULL;
