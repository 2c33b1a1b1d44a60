// People's suggestions in a document, read from their marks: one entry per suggestion (a
// deletion and the insertion that replaces it share an id), in document order.
import type { Node as PmNode } from "@tiptap/pm/model";
import { suggestedBreakOf } from "../../../shared/editor/suggested-break";
import { SUGGESTION_INSERT, isPersonSuggestion } from "../../../shared/editor/suggestion-names";
import { isSuggestionMark, type SuggestionAttrs } from "../../lib/suggestions/resolve";

export interface PersonSuggestion {
  id: string;
  from: number;
  to: number;
  inserted: string;
  removed: string;
  author: string | null;
  authorName: string;
  createdAt: string | null;
  /** A suggested paragraph break: `from` is where the block after it starts. */
  isBreak?: boolean;
}

export function listPersonSuggestions(doc: PmNode): PersonSuggestion[] {
  const byId = new Map<string, PersonSuggestion>();
  doc.descendants((node, pos) => {
    const suggested = node.isTextblock ? suggestedBreakOf(node.attrs) : null;
    if (suggested && isPersonSuggestion(suggested) && !byId.has(suggested.id)) {
      const { id, author, authorName, createdAt } = suggested;
      byId.set(id, { id, from: pos, to: pos, inserted: "", removed: "", author: author ?? null, authorName, createdAt: createdAt ?? null, isBreak: true });
    }
    if (!node.isText) return true;
    for (const mark of node.marks) {
      if (!isSuggestionMark(mark) || !isPersonSuggestion(mark.attrs)) continue;
      const a = mark.attrs as SuggestionAttrs;
      let s = byId.get(a.id);
      if (!s) {
        s = { id: a.id, from: pos, to: pos, inserted: "", removed: "", author: a.author ?? null, authorName: a.authorName ?? "", createdAt: a.createdAt ?? null };
        byId.set(a.id, s);
      }
      s.from = Math.min(s.from, pos);
      s.to = Math.max(s.to, pos + node.nodeSize);
      if (mark.type.name === SUGGESTION_INSERT) s.inserted += node.text ?? "";
      else s.removed += node.text ?? "";
    }
    return false;
  });
  return [...byId.values()].sort((x, y) => x.from - y.from);
}

/** What a suggestion does, in a line: “Add …”, “Delete …”, “Replace … with …”. */
export function describeSuggestion(s: PersonSuggestion): string {
  if (s.isBreak) return "New paragraph";
  const clip = (t: string) => (t.length > 80 ? `${t.slice(0, 80)}…` : t);
  if (s.removed && s.inserted) return `Replace “${clip(s.removed)}” with “${clip(s.inserted)}”`;
  if (s.inserted) return `Add “${clip(s.inserted)}”`;
  return `Delete “${clip(s.removed)}”`;
}

/** How a suggestion's time reads: "just now", "5 min ago", "3 h ago", then the date. */
export function suggestionTime(iso: string | null, now = new Date()): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const s = Math.max(0, (now.getTime() - at.getTime()) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return at.toLocaleDateString(undefined, { day: "numeric", month: "short", year: at.getFullYear() === now.getFullYear() ? undefined : "numeric" });
}
