// The suggestions in a document, read from their marks: one entry per change (a removal and
// its replacement share an id; a person's suggestions are not the AI's), for the bar's count and the popover of the change at the caret.
import type { Node as PmNode } from "@tiptap/pm/model";
import { SUGGESTION_INSERT } from "../../../../shared/editor/suggestion-marks";
import { isPersonSuggestion } from "../../../../shared/editor/suggestion-names";
import { isSuggestionMark, type SuggestionAttrs } from "../../../lib/suggestions/suggestion-mark";

export interface SuggestionChange {
  id: string;
  group: string;
  from: number;
  to: number;
  removed: string;
  inserted: string;
  /** A choice: the checker's message and its candidates. */
  message: string | null;
  options: string[] | null;
}

function parseOptions(raw: unknown): string[] | null {
  if (typeof raw !== "string") return null;
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) && list.every((o) => typeof o === "string") ? list : null;
  } catch {
    return null;
  }
}

/** An AI proposal, not a person's suggestion (features/suggesting/ lists and decides those). */
export const isAiSuggestion = (a: SuggestionAttrs) => !isPersonSuggestion(a);

export function listChanges(doc: PmNode): SuggestionChange[] {
  const byId = new Map<string, SuggestionChange>();
  doc.descendants((node, pos) => {
    if (!node.isText) return true;
    for (const mark of node.marks) {
      if (!isSuggestionMark(mark) || !isAiSuggestion(mark.attrs as SuggestionAttrs)) continue;
      const a = mark.attrs as SuggestionAttrs;
      let c = byId.get(a.id);
      if (!c) {
        c = { id: a.id, group: a.group, from: pos, to: pos, removed: "", inserted: "", message: null, options: null };
        byId.set(a.id, c);
      }
      c.from = Math.min(c.from, pos);
      c.to = Math.max(c.to, pos + node.nodeSize);
      if (mark.type.name === SUGGESTION_INSERT) {
        c.inserted += node.text ?? "";
        c.message ??= typeof a.message === "string" ? a.message : null;
        c.options ??= parseOptions(a.options);
      } else c.removed += node.text ?? "";
    }
    return false;
  });
  return [...byId.values()].sort((x, y) => x.from - y.from);
}

/** The change whose text the position is in or touches (a caret right after a struck word counts). */
export function changeAt(changes: SuggestionChange[], pos: number): SuggestionChange | null {
  return changes.find((c) => pos > c.from && pos < c.to) ?? changes.find((c) => pos === c.from || pos === c.to) ?? null;
}
