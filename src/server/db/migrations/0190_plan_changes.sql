-- Plan changes (issue 31): the start of the paid period (proration needs its length), a
-- change scheduled for the end of the period (a downgrade, or annual to monthly billing)
-- and, with Stripe, the subscription schedule that carries it. A built-in invoice keeps
-- its lines: a proration invoice has a credit line and a charge line.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS current_period_start timestamptz;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS scheduled_plan text;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS scheduled_price_id text;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS scheduled_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS schedule_id text;
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS lines jsonb;
