// A grammar check's changes as suggestion edits: an unambiguous fix is a plain suggestion;
// one with several candidates, or that the checker is not sure of, is a choice showing the
// checker's message and every candidate.
import type { GrammarChange } from "../../../../shared/contracts/ai";
import type { SuggestedEdit } from "./render";

export function isChoice(c: GrammarChange): boolean {
  return (c.suggestions?.length ?? 0) > 1 || c.certain === false;
}

export function grammarEdits(changes: GrammarChange[]): SuggestedEdit[] {
  return changes.map((c) => ({
    start: c.offset,
    end: c.offset + c.original.length,
    text: c.replacement,
    original: c.original,
    ...(isChoice(c) ? { message: c.message, options: c.suggestions?.length ? c.suggestions : [c.replacement] } : {}),
  }));
}

/** The grammar changes carried by a finished grammar answer (its response is the suggestion's meta). */
export function changesOf(meta: unknown): GrammarChange[] | null {
  const changes = (meta as { changes?: unknown } | undefined)?.changes;
  return Array.isArray(changes) ? (changes as GrammarChange[]) : null;
}
