-- A document's history starts where the document does: the state it was created or imported
-- with is a version of its own kind ('created'), kept as long as the document (retention
-- leaves it out), so every later change can be compared with the beginning.
ALTER TABLE document_versions DROP CONSTRAINT IF EXISTS document_versions_kind_check;
ALTER TABLE document_versions ADD CONSTRAINT document_versions_kind_check
  CHECK (kind IN ('created', 'auto', 'session', 'restore', 'ai', 'named'));
