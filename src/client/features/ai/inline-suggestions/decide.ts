// The writer's decisions on AI suggestions: one change, or all of them, each one undo step
// (lib/suggestions/one-step.ts).
import type { Editor } from "@tiptap/react";
import { apiJson } from "../../../lib/api";
import { asOneStep } from "../../../lib/suggestions/one-step";
import { noteDecision } from "./records";
import { chooseOption, type Decision, resolveSuggestions, type SuggestionAttrs, suggestedPieces } from "../../../lib/suggestions/resolve";

function groupsOf(editor: Editor, match: (a: SuggestionAttrs) => boolean): Set<string> {
  return new Set(suggestedPieces(editor.state.doc, match).map((p) => (p.mark.attrs as SuggestionAttrs).group));
}

/** Tells the records of the decided groups (records.ts); a group is settled when none of it is left. */
function noteDecisions(editor: Editor, groups: Set<string>, accepted: boolean): void {
  for (const group of groups) noteDecision(group, accepted, suggestedPieces(editor.state.doc, (a) => a.group === group).length === 0);
}

export function decideSuggestions(editor: Editor, match: (a: SuggestionAttrs) => boolean, decision: Decision): boolean {
  const groups = groupsOf(editor, match);
  const changed = asOneStep(editor, (tr) => void resolveSuggestions(tr, match, decision));
  if (changed) noteDecisions(editor, groups, decision === "accept");
  return changed;
}

/** Choosing one of a change's candidates accepts that change. */
export function chooseSuggestion(editor: Editor, id: string, option: string): boolean {
  const groups = groupsOf(editor, (a) => a.id === id);
  const changed = asOneStep(editor, (tr) => chooseOption(tr, id, option));
  if (changed) noteDecisions(editor, groups, true);
  return changed;
}

/**
 * Asks the server to keep the document as it is (a "Before AI change" version), waiting at
 * most 3 s: the change still goes in if the server is slow or the writer is offline.
 */
export async function keepVersionBeforeAi(documentId: string | null): Promise<void> {
  if (!documentId) return;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 3000);
  try {
    await apiJson("POST", `/api/documents/${encodeURIComponent(documentId)}/versions`, { before: "ai-change" }, { signal: ac.signal });
  } catch {
    // no history entry this time; the change itself matters more
  } finally {
    clearTimeout(timer);
  }
}
