-- Comment threads (issue 33): a thread is anchored to a passage by a `comment` mark carrying
-- its id in the live document (src/shared/editor/marks/comment.ts), so the anchor follows
-- edits by anyone; the thread and its comments are rows here, not document content, so they
-- are neither in the document's versions nor changed by a restore.
-- A third member role, commenter: reads and comments, never changes the text.
ALTER TABLE document_members DROP CONSTRAINT IF EXISTS document_members_role_check;
ALTER TABLE document_members ADD CONSTRAINT document_members_role_check CHECK (role IN ('viewer', 'commenter', 'editor'));

-- Whether visitors on the share link see the comments (read only); off unless the owner allows it.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS share_comments boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS comment_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order threads were started in (several may start within one clock tick).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  -- The comment mark's threadId in the text (the client makes it; unique per document).
  anchor_id text NOT NULL,
  -- The passage as it read when the thread was started, shown when the mark is gone.
  quote text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_id, anchor_id)
);
CREATE INDEX IF NOT EXISTS comment_threads_document_idx ON comment_threads (document_id, seq);

CREATE TABLE IF NOT EXISTS comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  thread_id uuid NOT NULL REFERENCES comment_threads(id) ON DELETE CASCADE,
  -- Kept beside the thread's so every query can scope by document without a join.
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The author's name when they wrote (their account may be deleted later).
  author_name text NOT NULL DEFAULT '',
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  -- A deleted comment keeps its place in the thread ("Comment deleted") but not its text.
  deleted_at timestamptz,
  -- Full-text search over comment text (search/), kept by the database.
  search tsvector GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED
);
CREATE INDEX IF NOT EXISTS comments_thread_idx ON comments (thread_id, seq);
CREATE INDEX IF NOT EXISTS comments_document_idx ON comments (document_id);
CREATE INDEX IF NOT EXISTS comments_search_idx ON comments USING gin (search);
