// Stored AI suggestions (table ai_suggestions): created when the editor shows one, marked accepted or
// rejected when someone decides. The suggestion travels in the document's marks under its
// record's id, so the decision is recorded whoever makes it: the writer who asked for it, or
// anyone who may edit its document (a collaborator, the writer after a reload). Every query is
// scoped in SQL to the author or a write grant on the document; others get 404.
import type { AiSuggestionRecord } from "../../shared/contracts/ai.js";
import type { SqlRunner } from "../db/client.js";
import { conflict, notFound } from "../http/errors.js";

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
  input: { id?: string; documentId?: string | null; originalText: string; suggestedText: string; type: string },
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
    `INSERT INTO ai_suggestions (id, user_id, document_id, original_text, suggested_text, type)
     VALUES (coalesce($6::uuid, gen_random_uuid()), $1, $2, $3, $4, $5)
     ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
    [userId, input.documentId ?? null, input.originalText, input.suggestedText, input.type, input.id ?? null],
  );
  if (!row) throw conflict("A suggestion with this id exists already");
  return present(row);
}

/**
 * Records a decision by `userId`: the suggestion's author, or anyone who may edit its
 * document. Accepted once stays accepted; settled without an accepted change is rejected;
 * a decision on part of it that accepts nothing leaves it pending.
 */
export async function recordDecision(sql: SqlRunner, userId: string, id: string, decision: { accepted: boolean; settled: boolean }): Promise<AiSuggestionRecord> {
  if (!UUID.test(id)) throw notFound("Suggestion not found");
  const [row] = await sql.query<Row>(
    `UPDATE ai_suggestions s
     SET accepted = CASE WHEN $3 THEN true WHEN $4 THEN coalesce(s.accepted, false) ELSE s.accepted END, updated_at = now()
     WHERE s.id = $1 AND (s.user_id = $2 OR EXISTS (
       SELECT 1 FROM documents d WHERE d.id = s.document_id AND d.deleted_at IS NULL AND (d.user_id = $2 OR EXISTS (
         SELECT 1 FROM document_members m WHERE m.document_id = d.id AND m.user_id = $2 AND m.role = 'editor'))))
     RETURNING ${COLUMNS}`,
    [id, userId, decision.accepted, decision.settled],
  );
  if (!row) throw notFound("Suggestion not found");
  return present(row);
}
