-- A co-edited document says so in its own row. The autosave's UPDATE used to ask
-- document_states (NOT EXISTS) and then ask again after writing, because a live session
-- could begin between the two: a subquery on another table does not see a row committed
-- while the UPDATE waits. A column of the row being updated is checked again on the newest
-- row version, so collab/state-store.ts sets it in the same statement that confirms the
-- version it converted, and a save racing with it either lands first (the conversion is
-- retried from the newer content) or finds the flag and goes through the live document.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS co_edited boolean NOT NULL DEFAULT false;
UPDATE documents SET co_edited = true WHERE id IN (SELECT document_id FROM document_states);
