// A person in Suggesting mode, in Node: the editor's own tracking plugin
// (src/shared/editor/suggesting-tracking.ts) turns each keystroke into suggestion marks, and
// y-prosemirror's updateYFragment writes the result into the Yjs document as the browser's
// binding does, one Yjs transaction per keystroke (so one live message per keystroke when the
// document is a provider's).
import { EditorState, TextSelection, type Transaction } from "@tiptap/pm/state";
import { updateYFragment } from "@tiptap/y-tiptap";
import type * as Y from "yjs";
import { trackingPlugin } from "../../shared/editor/suggesting-tracking.js";
import { documentSchema } from "../../shared/editor/schema.js";
import { FRAGMENT, contentOf } from "./ydoc.js";

export interface SuggestingEditor {
  state: () => EditorState;
  /** Selects [from, to) in ProseMirror positions (a caret when `to` is left out). */
  select: (from: number, to?: number) => void;
  /** The position of the first `word` in the first paragraph (struck words count: they are in the text). */
  find: (word: string) => number;
  /** Types `text` one character per keystroke over the selection. */
  type: (text: string) => void;
  /** Backspace, `times` keystrokes. */
  backspace: (times?: number) => void;
  /** Applies `tr` (built on the current state) as one keystroke. */
  apply: (tr: Transaction) => void;
}

/** Suggesting on `ydoc` as `author`, starting from what `ydoc` holds now; `newId` names new suggestions. */
export function suggestingEditor(ydoc: Y.Doc, author: { id: string; name: string }, newId?: () => string): SuggestingEditor {
  const schema = documentSchema();
  const fragment = ydoc.getXmlFragment(FRAGMENT);
  const meta = { mapping: new Map(), isOMark: new Map() };
  const plugin = trackingPlugin({ author, now: () => new Date("2026-11-27T03:00:00.000Z"), ...(newId ? { newId } : {}) });
  let state = EditorState.create({ schema, doc: schema.nodeFromJSON(contentOf(ydoc)), plugins: [plugin] });
  // Binds the editor's nodes to the Yjs ones (nothing changes: they hold the same).
  updateYFragment(ydoc, fragment, state.doc, meta);
  const apply = (tr: Transaction) => {
    const before = state.doc;
    state = state.applyTransaction(tr).state;
    if (!state.doc.eq(before)) ydoc.transact(() => updateYFragment(ydoc, fragment, state.doc, meta));
  };
  return {
    state: () => state,
    select(from, to = from) {
      state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
    },
    find(word) {
      const at = state.doc.child(0).textContent.indexOf(word);
      if (at < 0) throw new Error(`no "${word}" in the first paragraph`);
      return 1 + at;
    },
    type(text) {
      for (const ch of text) apply(state.tr.insertText(ch));
    },
    backspace(times = 1) {
      for (let i = 0; i < times; i++) {
        const { from, to, empty } = state.selection;
        apply(empty ? state.tr.delete(from - 1, from) : state.tr.delete(from, to));
      }
    },
    apply,
  };
}
