-- A user's own model connection: an OpenAI-compatible server that serves this user's AI
-- instead of the server's provider, on any plan and outside the monthly allowance.
-- One per user. The key is encrypted with AES-256-GCM under the server's connection key
-- (ai/connections/secret-box.ts): api_key holds "v1.<iv>.<tag>.<ciphertext>" (base64url),
-- never the key itself; key_hint is its last characters, shown back to its owner.
CREATE TABLE IF NOT EXISTS ai_connections (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  base_url text NOT NULL,
  model text NOT NULL,
  api_key text,
  key_hint text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
