-- Members: people a document's owner invited by email, as viewer or editor. An invitation
-- names an email; it binds to an account (user_id) when someone signed in follows the
-- emailed link, or when an account with that confirmed email opens "Shared with me".
-- Only the SHA-256 of the invitation token is kept, like every other emailed token.
CREATE TABLE IF NOT EXISTS document_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  email text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'editor')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_id, email)
);
CREATE UNIQUE INDEX IF NOT EXISTS document_members_user_doc_idx ON document_members (user_id, document_id) WHERE user_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS document_members_email_idx ON document_members (email) WHERE user_id IS NULL;
