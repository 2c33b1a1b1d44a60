-- Notifications (issue 33): a mention in a comment, or a reply in a thread someone took part
-- in, becomes one row per person here (the in-app inbox) and, unless they turned comment
-- emails off, waits in `email_state` for that person's next email (notifications/mail-batch.ts).
-- Extra headers of an outgoing message (List-Unsubscribe, List-Unsubscribe-Post), kept by the
-- built-in outbox like the rest of the message.
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS headers jsonb NOT NULL DEFAULT '{}'::jsonb;

CREATE TABLE IF NOT EXISTS notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  -- Who is told.
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('mention', 'reply')),
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  thread_id uuid NOT NULL REFERENCES comment_threads(id) ON DELETE CASCADE,
  comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  -- Who wrote the comment, and their name when they wrote it.
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_name text NOT NULL DEFAULT '',
  -- The comment's first words, mentions written as @Name.
  excerpt text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- pending: waits for the person's next email; sent: claimed by the email that carried it;
  -- skipped: the person had comment emails off.
  email_state text NOT NULL DEFAULT 'pending' CHECK (email_state IN ('pending', 'sent', 'skipped')),
  emailed_at timestamptz,
  -- One notification per person per comment (a mention and a reply to the same person are one).
  UNIQUE (comment_id, user_id)
);
CREATE INDEX IF NOT EXISTS notifications_user_idx ON notifications (user_id, seq DESC);
CREATE INDEX IF NOT EXISTS notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX IF NOT EXISTS notifications_pending_idx ON notifications (user_id) WHERE email_state = 'pending';

-- Per person: when their last notification email went (the batching window is claimed by one
-- conditional upsert on this row, so two instances never send the same person two emails in
-- one window), and the generation of their unsubscribe links (an unsubscribe moves it, which
-- spends every link sent before).
CREATE TABLE IF NOT EXISTS notification_mail (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_sent_at timestamptz,
  unsubscribe_generation integer NOT NULL DEFAULT 0
);
