-- Sharing: failed share-password attempts, counted per link and per IP for rate limiting.
-- Kept in the database (not in memory) so several instances on one database agree.
CREATE TABLE IF NOT EXISTS share_unlock_failures (
  id bigserial PRIMARY KEY,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  ip text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS share_unlock_failures_document_idx ON share_unlock_failures (document_id, failed_at);
CREATE INDEX IF NOT EXISTS share_unlock_failures_ip_idx ON share_unlock_failures (ip, failed_at);
