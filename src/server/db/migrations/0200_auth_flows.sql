-- Auth flows a Supabase client expects (issue 37): 6-digit email codes beside each emailed
-- link, PKCE flow states (GoTrue's flow_state) and when an email change was last mailed.
-- The code is stored as SHA-256 of "address:code"; it is valid for one hour at most.
ALTER TABLE one_time_tokens ADD COLUMN IF NOT EXISTS code_hash text;
ALTER TABLE one_time_tokens ADD COLUMN IF NOT EXISTS flow_state_id uuid;
CREATE INDEX IF NOT EXISTS one_time_tokens_code_idx ON one_time_tokens (code_hash) WHERE code_hash IS NOT NULL;

-- A PKCE flow: the challenge sent when the flow started, and (once the emailed link was
-- followed) the hash of the auth code that POST /token?grant_type=pkce exchanges, once.
CREATE TABLE IF NOT EXISTS auth_flow_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_challenge text NOT NULL,
  code_challenge_method text NOT NULL,
  authentication_method text NOT NULL,
  auth_code_hash text UNIQUE,
  auth_code_issued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS auth_flow_states_user_idx ON auth_flow_states (user_id);

ALTER TABLE users ADD COLUMN IF NOT EXISTS email_change_sent_at timestamptz;
