// The ¶ drawn at the end of the block before a suggested paragraph break, in the colour of
// suggested words, so a reader sees where the break would go (the break itself is an
// attribute of the block after it, src/shared/editor/suggested-break.ts). A decoration, never
// document content; drawn again only when the document changes.
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, TextSelection } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { suggestedBreakOf } from "../../../shared/editor/suggested-break";

export const breakMarkerKey = new PluginKey<DecorationSet>("suggestedBreakMarker");

function markers(doc: PmNode): DecorationSet {
  const found: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const suggested = suggestedBreakOf(node.attrs);
    if (suggested) {
      // The end of the text block before (a list item's paragraph: the one in the item before).
      const before = pos > 0 ? TextSelection.findFrom(doc.resolve(pos), -1, true) : null;
      const at = before ? before.from : pos + 1;
      const name = suggested.authorName || "someone";
      found.push(
        Decoration.widget(
          at,
          () => {
            const mark = document.createElement("span");
            mark.className = "suggested-break-marker";
            mark.textContent = "¶";
            mark.title = `New paragraph suggested by ${name}`;
            mark.setAttribute("data-suggested-break", suggested.id);
            mark.setAttribute("aria-label", `New paragraph suggested by ${name}`);
            return mark;
          },
          { side: 1, key: `break-${suggested.id}`, ignoreSelection: true },
        ),
      );
    }
    return false;
  });
  return DecorationSet.create(doc, found);
}

export function breakMarkerPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: breakMarkerKey,
    state: {
      init: (_, state) => markers(state.doc),
      apply: (tr, set) => (tr.docChanged ? markers(tr.doc) : set),
    },
    props: {
      decorations: (state) => breakMarkerKey.getState(state),
    },
  });
}
