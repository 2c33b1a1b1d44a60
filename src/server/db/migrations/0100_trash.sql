-- Trash: a deleted document keeps its row for TRASH_DAYS with deleted_at set. While it is
-- there nobody reads or writes it (share links and members' access pause), it does not count
-- against the plan's document limit, and it can be restored or deleted for good; the trash
-- upkeep (documents/trash.ts) deletes it for good once the days have passed.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
CREATE INDEX IF NOT EXISTS documents_trash_idx ON documents (user_id, deleted_at DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS documents_trash_expiry_idx ON documents (deleted_at) WHERE deleted_at IS NOT NULL;
