// The stored record of each AI proposal that lands as inline suggestions: created when the
// proposal is in the text (POST /api/ai/suggestions), and told the outcome once the writer
// has decided every change of its group (PUT /api/ai/suggestions/:id, accepted when any
// change was accepted). Bookkeeping only: a failed call never interrupts the writer.
import type { AiSuggestionRecord } from "../../../../shared/contracts/ai";
import { apiJson } from "../../../lib/api";
import type { PendingSuggestion } from "../store";

interface GroupRecord {
  /** The record's id, or null when it could not be stored. */
  id: Promise<string | null>;
  accepted: boolean;
}

const groups = new Map<string, GroupRecord>();

/** Stores the record of a proposal now shown in the text as suggestion group `group`. */
export function recordGroup(group: string, s: Pick<PendingSuggestion, "kind" | "original" | "suggested">, documentId: string | null): void {
  const id = apiJson<AiSuggestionRecord>("POST", "/api/ai/suggestions", {
    documentId,
    // A continuation has no original text; the record then holds the suggested text in both.
    originalText: s.original || s.suggested,
    suggestedText: s.suggested,
    type: s.kind === "improve" ? "improvement" : s.kind,
  }).then(
    (rec) => rec.id,
    () => null,
  );
  groups.set(group, { id, accepted: false });
}

/**
 * A decision on changes of `group`; `settled` when none of its changes is pending any more,
 * which sends the outcome (once: the group is forgotten after it).
 */
export function noteDecision(group: string, accepted: boolean, settled: boolean): void {
  const g = groups.get(group);
  if (!g) return;
  g.accepted ||= accepted;
  if (!settled) return;
  groups.delete(group);
  void g.id.then((id) => (id ? apiJson("PUT", `/api/ai/suggestions/${encodeURIComponent(id)}`, { accepted: g.accepted }) : null)).catch(() => {});
}
