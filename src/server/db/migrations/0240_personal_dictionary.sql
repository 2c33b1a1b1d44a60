-- The writer's own words for the check as you type (issue 35): words added to the personal
-- dictionary ("Add to dictionary": never flagged as misspelt) and problems ignored ("Ignore":
-- that text is not flagged again by that rule). Stored with the account so every device the
-- writer signs in on uses them; never part of any document.
CREATE TABLE IF NOT EXISTS personal_dictionary (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- 'word': a word the writer spells this way; 'ignore': a rule's finding on `entry` the writer dismissed.
  kind text NOT NULL CHECK (kind IN ('word', 'ignore')),
  -- The checker's rule for an ignored finding ('' for a word).
  rule text NOT NULL DEFAULT '',
  entry text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, rule, entry)
);
