import type { DocumentRecord } from "../../../shared/contracts/documents";

/** Applies a realtime UPDATE to the cached list: newer versions only, re-sorted by updated_at. */
export function mergeUpdate(list: DocumentRecord[] | undefined, record: DocumentRecord): DocumentRecord[] | undefined {
  if (!list) return list;
  const i = list.findIndex((d) => d.id === record.id);
  if (i < 0 || list[i]!.version >= record.version) return list;
  // An UPDATE carries the writer as user_id; the list keeps the owner.
  const next = list.map((d, j) => (j === i ? { ...record, user_id: d.user_id } : d));
  return next.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}
