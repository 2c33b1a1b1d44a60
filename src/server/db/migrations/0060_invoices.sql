-- Billing: invoices of the built-in checkout (one per paid period: the checkout, a plan
-- switch). Stripe keeps its own invoices; those are read through the Stripe API.
CREATE TABLE IF NOT EXISTS invoices (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL DEFAULT 'builtin',
  subscription_id text,
  -- One invoice per paid checkout, however often its completion is replayed.
  checkout_session_id text UNIQUE,
  plan text NOT NULL,
  billing_interval text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL DEFAULT 'usd',
  status text NOT NULL DEFAULT 'paid',
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS invoices_user_idx ON invoices (user_id, created_at DESC);
