-- Accounts: free-form user metadata (auth-js `data` / `user_metadata`); full_name stays in
-- its own column as well so the rest of the app reads it without JSON.
ALTER TABLE users ADD COLUMN IF NOT EXISTS user_metadata jsonb NOT NULL DEFAULT '{}'::jsonb;
CREATE INDEX IF NOT EXISTS refresh_tokens_parent_idx ON refresh_tokens (parent_id);
