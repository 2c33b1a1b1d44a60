// Turns a documents row into the API's presented record (snake_case, ISO timestamps).
// The share password hash and generation never leave the server.
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { DocNode } from "../../shared/editor/schema.js";
import type { documents } from "../db/schema.js";

export type DocumentRow = typeof documents.$inferSelect;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function presentDocument(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    content: row.content as DocNode,
    version: row.version,
    is_public: row.isPublic,
    allow_editing: row.allowEditing,
    share_expires_at: iso(row.shareExpiresAt),
    has_password: row.sharePasswordHash !== null,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}
