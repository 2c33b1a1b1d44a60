-- Invitations wait for the invitee's answer. A member row grants access only once the invitee
-- accepted it: user_id is set then and only then, and every access check reads user_id, so a
-- pending invitation (user_id null) never opens the document. accepted_at records the answer;
-- the check keeps the two together. Rows that already name an account were accepted under the
-- old rules and keep their access.
ALTER TABLE document_members ADD COLUMN IF NOT EXISTS accepted_at timestamptz;
UPDATE document_members SET accepted_at = updated_at WHERE user_id IS NOT NULL AND accepted_at IS NULL;
ALTER TABLE document_members DROP CONSTRAINT IF EXISTS document_members_accepted_check;
ALTER TABLE document_members ADD CONSTRAINT document_members_accepted_check CHECK ((user_id IS NULL) = (accepted_at IS NULL));
