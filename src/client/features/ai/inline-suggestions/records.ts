// The stored record of each AI proposal that lands as inline suggestions: created when the
// proposal is in the text (POST /api/ai/suggestions, under the group id its marks carry), and
// told each decision that accepts a change and the one that settles the group (PUT
// /api/ai/suggestions/:group). The group id travels with the marks in the live document, so
// the outcome is recorded whoever decides, in this tab, after a reload or on a collaborator's
// device. Bookkeeping only: a failed call never interrupts the writer.
import type { AiSuggestionRecord } from "../../../../shared/contracts/ai";
import { apiJson } from "../../../lib/api";
import type { PendingSuggestion } from "../store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records being created from this tab: a decision waits for its record. */
const creating = new Map<string, Promise<unknown>>();
/** Groups whose acceptance this tab has told already (one call is enough: accepted stays accepted). */
const toldAccepted = new Set<string>();

/** Stores the record of a proposal now shown in the text as suggestion group `group`. */
export function recordGroup(group: string, s: Pick<PendingSuggestion, "kind" | "original" | "suggested">, documentId: string | null): void {
  const created = apiJson<AiSuggestionRecord>("POST", "/api/ai/suggestions", {
    id: group,
    documentId,
    // A continuation has no original text; the record then holds the suggested text in both.
    originalText: s.original || s.suggested,
    suggestedText: s.suggested,
    type: s.kind === "improve" ? "improvement" : s.kind,
  }).catch(() => null);
  creating.set(group, created);
  void created.finally(() => creating.delete(group));
}

/** What a decision on changes of `group` sends, if anything: accepting sends once, settling always. */
export function decisionToSend(group: string, accepted: boolean, settled: boolean, alreadyToldAccepted: boolean): { accepted: boolean; settled: boolean } | null {
  // Suggestions from before records travelled with the text have no record to tell.
  if (!UUID.test(group)) return null;
  if (settled) return { accepted, settled };
  return accepted && !alreadyToldAccepted ? { accepted, settled } : null;
}

/** A decision on changes of `group`; `settled` when none of its changes is pending any more. */
export function noteDecision(group: string, accepted: boolean, settled: boolean): void {
  const body = decisionToSend(group, accepted, settled, toldAccepted.has(group));
  if (!body) return;
  if (accepted) toldAccepted.add(group);
  if (settled) toldAccepted.delete(group);
  const send = () => apiJson("PUT", `/api/ai/suggestions/${encodeURIComponent(group)}`, body);
  void (creating.get(group) ?? Promise.resolve()).then(send).catch(() => {});
}
