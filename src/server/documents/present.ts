// Turns a documents row into the API's presented record (snake_case, ISO timestamps).
// The share password hash and generation never leave the server.
import { DOCUMENT_EXCERPT_LENGTH, type DocumentRecord, type DocumentSummary } from "../../shared/contracts/documents.js";
import { countWords, docToPlainText, excerptOf } from "../../shared/editor/text.js";
import type { DocNode } from "../../shared/editor/schema.js";
import type { documents } from "../db/index.js";

export type DocumentRow = typeof documents.$inferSelect;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function presentDocument(row: DocumentRow): DocumentRecord {
  const { word_count: _words, excerpt: _excerpt, ...meta } = presentSummary(row, "");
  return { ...meta, content: row.content as DocNode };
}

/** A list entry: the record without its content, with the word count and the text's start. */
export function presentSummary(row: Omit<DocumentRow, "content" | "textContent">, excerpt: string): DocumentSummary {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    version: row.version,
    is_public: row.isPublic,
    allow_editing: row.allowEditing,
    share_expires_at: iso(row.shareExpiresAt),
    has_password: row.sharePasswordHash !== null,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
    word_goal: row.wordGoal ?? null,
    word_count: row.wordCount,
    excerpt,
  };
}

/**
 * The record as the JSON the API answers with. After a save with content, `contentJson` is
 * that content already serialized (save.ts), spliced in instead of serializing it again.
 */
export function documentJson(record: DocumentRecord, contentJson: string | null = null): string {
  if (contentJson === null) return JSON.stringify(record);
  const { content: _content, ...rest } = record;
  return `{"content":${contentJson},${JSON.stringify(rest).slice(1)}`;
}

/** The record without its content: a save's answer under `Prefer: return=minimal`. */
export function savedJson(record: DocumentRecord): string {
  const { content: _content, ...rest } = record;
  return JSON.stringify(rest);
}

const summaries = new WeakMap<DocumentRecord, DocumentSummary>();
const knownTexts = new WeakMap<DocumentRecord, { text: string; words: number }>();

/**
 * Tells summarizeRecord the plain text and word count of a record's content, which the save
 * has already worked out (content.ts), so a list entry need not walk the tree again.
 */
export function noteRecordText(record: DocumentRecord, text: string, words: number): void {
  knownTexts.set(record, { text, words });
}

/**
 * A published record as a list entry. One record object reaches every subscriber of its
 * channel on this instance, so its text is walked once however many lists follow it.
 */
export function summarizeRecord(record: DocumentRecord): DocumentSummary {
  let summary = summaries.get(record);
  if (!summary) {
    const { content, access: _access, ...rest } = record;
    const known = knownTexts.get(record);
    const text = known?.text ?? docToPlainText(content);
    summary = {
      ...rest,
      word_count: known?.words ?? countWords(text),
      excerpt: excerptOf(text, DOCUMENT_EXCERPT_LENGTH),
    };
    summaries.set(record, summary);
  }
  return summary;
}
