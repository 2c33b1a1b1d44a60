// Stored AI suggestions (table ai_suggestions): created when the editor shows one, marked accepted or
// rejected when the user decides. Every query is scoped to the owner; others get 404.
import type { AiSuggestionRecord } from "../../shared/contracts/ai.js";
import type { SqlRunner } from "../db/client.js";
import { notFound } from "../http/errors.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Row {
  id: string;
  document_id: string | null;
  original_text: string;
  suggested_text: string;
  type: string;
  accepted: boolean | null;
  created_at: Date | string;
}

const present = (r: Row): AiSuggestionRecord => ({
  id: r.id,
  documentId: r.document_id,
  originalText: r.original_text,
  suggestedText: r.suggested_text,
  type: r.type,
  accepted: r.accepted,
  createdAt: new Date(r.created_at).toISOString(),
});

const COLUMNS = "id, document_id, original_text, suggested_text, type, accepted, created_at";

export async function createSuggestion(
  sql: SqlRunner,
  userId: string,
  input: { documentId?: string | null; originalText: string; suggestedText: string; type: string },
): Promise<AiSuggestionRecord> {
  if (input.documentId) {
    // The owner, or a member who may edit it (a viewer cannot apply AI changes).
    const writable = await sql.query(
      `SELECT 1 FROM documents d WHERE d.id = $1 AND d.deleted_at IS NULL AND (d.user_id = $2 OR EXISTS (
         SELECT 1 FROM document_members m WHERE m.document_id = d.id AND m.user_id = $2 AND m.role = 'editor'))`,
      [input.documentId, userId],
    );
    if (!writable.length) throw notFound("Document not found");
  }
  const [row] = await sql.query<Row>(
    `INSERT INTO ai_suggestions (user_id, document_id, original_text, suggested_text, type)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [userId, input.documentId ?? null, input.originalText, input.suggestedText, input.type],
  );
  return present(row!);
}

export async function setSuggestionAccepted(sql: SqlRunner, userId: string, id: string, accepted: boolean): Promise<AiSuggestionRecord> {
  if (!UUID.test(id)) throw notFound("Suggestion not found");
  const [row] = await sql.query<Row>(
    `UPDATE ai_suggestions SET accepted = $3, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, accepted],
  );
  if (!row) throw notFound("Suggestion not found");
  return present(row);
}
