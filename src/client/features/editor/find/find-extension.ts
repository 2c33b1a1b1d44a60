// The find bar's state inside the editor: the query, its matches (kept up to date as the
// document changes, by this writer or another) and the current one, drawn as decorations.
// The bar drives it through find-commands.ts.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { DecorationSet, type EditorView } from "@tiptap/pm/view";
import type { FindOptions, TextRange } from "./matching";

export interface FindState {
  query: string;
  options: FindOptions;
  matches: TextRange[];
  /** Index of the current match in `matches`; -1 when there is none. */
  current: number;
  /** Moves when the current match should be scrolled into view. */
  scroll: number;
  decorations: DecorationSet;
}

export const findKey = new PluginKey<FindState>("find");

export const NO_FIND: FindState = {
  query: "",
  options: { matchCase: false, wholeWord: false },
  matches: [],
  current: -1,
  scroll: 0,
  decorations: DecorationSet.empty,
};

/**
 * The matches again after a change the commands did not make (find-commands.ts). A query is
 * only ever set by those commands, so the matching code arrives with them and the find bar,
 * never in the editor's first load; it hands this in when it arrives.
 */
let afterChange: ((tr: Transaction, prev: FindState) => FindState) | null = null;

export function provideAfterChange(fn: (tr: Transaction, prev: FindState) => FindState): void {
  afterChange = fn;
}

// The current match is centred when it is off screen (or under the sticky toolbars at the
// top), and left alone when it already shows.
const TOP_CLEARANCE = 140;
function revealCurrent(view: EditorView) {
  const el = view.dom.querySelector(".find-match-current");
  if (!el) return;
  const rect = el.getBoundingClientRect();
  if (rect.top < TOP_CLEARANCE || rect.bottom > window.innerHeight - 24) el.scrollIntoView({ block: "center" });
}

export const FindExtension = Extension.create({
  name: "find",
  addProseMirrorPlugins() {
    return [
      new Plugin<FindState>({
        key: findKey,
        state: {
          init: () => NO_FIND,
          apply: (tr, prev) => {
            const next = tr.getMeta(findKey) as FindState | undefined;
            if (next) return next;
            if (!tr.docChanged || !prev.query || !afterChange) return prev;
            return afterChange(tr, prev);
          },
        },
        props: {
          decorations: (state) => findKey.getState(state)?.decorations,
        },
        view: () => ({
          update: (view, prevState) => {
            const now = findKey.getState(view.state);
            if (now && now.scroll !== findKey.getState(prevState)?.scroll) revealCurrent(view);
          },
        }),
      }),
    ];
  },
});
