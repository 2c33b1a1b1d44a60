// The change of the raised suggestion card marked in the text (the class suggestion-active on
// its words, or on the block a suggested break starts), as the active comment thread's passage
// is highlighted more strongly than the others. A decoration, never document content: the
// layer says which suggestion is active with a transaction's meta, and the marking is drawn
// again when the document or the active suggestion changes.
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { suggestedBreakOf } from "../../../shared/editor/suggested-break";
import { isSuggestionMark } from "../../lib/suggestions/resolve";

interface ActiveState {
  id: string | null;
  set: DecorationSet;
}

export const activeSuggestionKey = new PluginKey<ActiveState>("activeSuggestion");
const CLASS = "suggestion-active";

function marked(doc: PmNode, id: string | null): DecorationSet {
  if (!id) return DecorationSet.empty;
  const found: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock && suggestedBreakOf(node.attrs)?.id === id) found.push(Decoration.node(pos, pos + node.nodeSize, { class: CLASS }));
    if (!node.isText) return true;
    if (node.marks.some((m) => isSuggestionMark(m) && m.attrs.id === id)) found.push(Decoration.inline(pos, pos + node.nodeSize, { class: CLASS }));
    return false;
  });
  return DecorationSet.create(doc, found);
}

export function activeSuggestionPlugin(): Plugin<ActiveState> {
  return new Plugin<ActiveState>({
    key: activeSuggestionKey,
    state: {
      init: () => ({ id: null, set: DecorationSet.empty }),
      apply: (tr, prev, _old, state) => {
        const asked = tr.getMeta(activeSuggestionKey) as { id: string | null } | undefined;
        const id = asked ? asked.id : prev.id;
        if (!asked && !tr.docChanged) return prev;
        return { id, set: marked(state.doc, id) };
      },
    },
    props: {
      decorations: (state) => activeSuggestionKey.getState(state)?.set,
    },
  });
}

/** A transaction that makes `id` the suggestion marked in the text (null: none). */
export function markActiveSuggestion(tr: Transaction, id: string | null): Transaction {
  return tr.setMeta(activeSuggestionKey, { id }).setMeta("addToHistory", false);
}
