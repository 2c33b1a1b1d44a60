import { DOCUMENT_EXCERPT_LENGTH, type DocumentRecord, type DocumentSummary } from "../../../shared/contracts/documents";
import { countWords, docToPlainText, excerptOf } from "../../../shared/editor/text";

/** A full record (a created document, a realtime UPDATE) as a list entry, counted the way the server counts it. */
export function summaryOf(record: DocumentRecord): DocumentSummary {
  const { content, access: _access, ...rest } = record;
  const text = docToPlainText(content);
  return { ...rest, word_count: countWords(text), excerpt: excerptOf(text, DOCUMENT_EXCERPT_LENGTH) };
}

/**
 * Applies a realtime UPDATE (a summary, as the list subscribes for; a full record is
 * summarized here) to a loaded page of the list: newer versions only, in place (the page keeps
 * the order it was loaded in, whatever the sort; the next load puts it where it now belongs).
 */
export function mergeUpdate(list: DocumentSummary[] | undefined, record: DocumentRecord | DocumentSummary): DocumentSummary[] | undefined {
  if (!list) return list;
  const i = list.findIndex((d) => d.id === record.id);
  if (i < 0 || list[i]!.version >= record.version) return list;
  const summary = "content" in record ? summaryOf(record) : record;
  // An UPDATE carries the writer as user_id; the list keeps the owner.
  return list.map((d, j) => (j === i ? { ...summary, user_id: d.user_id, pinned: d.pinned } : d));
}
