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

// A save's content arrives as JSON and is serialized once (checkContent); the answer reuses
// that text instead of serializing the whole tree again. Keyed by the presented record, so
// a record changed after presenting cannot be answered with stale text.
const contentJson = new WeakMap<DocumentRecord, string>();

export function rememberContentJson(record: DocumentRecord, json: string): void {
  contentJson.set(record, json);
}

/** The record as the JSON the API answers with. */
export function documentJson(record: DocumentRecord): string {
  const json = contentJson.get(record);
  if (json === undefined) return JSON.stringify(record);
  const { content: _content, ...rest } = record;
  return `{"content":${json},${JSON.stringify(rest).slice(1)}`;
}

/** The record without its content: a save's answer under `Prefer: return=minimal`. */
export function savedJson(record: DocumentRecord): string {
  const { content: _content, ...rest } = record;
  return JSON.stringify(rest);
}
