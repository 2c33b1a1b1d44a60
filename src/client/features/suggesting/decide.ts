// Deciding people's suggestions: one, or all of them, each one undo step (lib/suggestions/one-step.ts).
// Withdrawing one's own suggestion is rejecting it.
import type { Editor } from "@tiptap/react";
import { isPersonSuggestion } from "../../../shared/editor/suggestion-names";
import { asOneStep } from "../../lib/suggestions/one-step";
import { type Decision, resolveSuggestions } from "../../lib/suggestions/resolve";

export function decideOne(editor: Editor, id: string, decision: Decision): boolean {
  return asOneStep(editor, (tr) => void resolveSuggestions(tr, (a) => a.id === id && isPersonSuggestion(a), decision));
}

export function decideAll(editor: Editor, decision: Decision): boolean {
  return asOneStep(editor, (tr) => void resolveSuggestions(tr, isPersonSuggestion, decision));
}
