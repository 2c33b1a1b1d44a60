// The find bar's state inside the editor: the query, its matches (kept up to date as the
// document changes, by this writer or another) and the current one, drawn as decorations.
// The bar drives it through find-commands.ts.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import { type FindOptions, findInDocument, matchAtOrAfter, type TextRange } from "./matching";

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

/** The state for `query` on `tr.doc`, its decorations drawn. */
export function findStateFor(tr: Transaction, base: Omit<FindState, "matches" | "decorations">, matches?: TextRange[]): FindState {
  const found = matches ?? findInDocument(tr.doc, base.query, base.options);
  const decorations = found.length
    ? DecorationSet.create(
        tr.doc,
        found.map((m, i) => Decoration.inline(m.from, m.to, { class: i === base.current ? "find-match find-match-current" : "find-match" })),
      )
    : DecorationSet.empty;
  return { ...base, matches: found, decorations };
}

/**
 * After a change the commands did not make (typing, a co-writer): matches again, the current
 * one kept in place. A change from the live document redraws the whole body, which maps every
 * old position away; the selection, which the collaboration binding keeps, still sits on the
 * current match then, and failing that the same index is kept.
 */
function afterChange(tr: Transaction, prev: FindState): FindState {
  const matches = findInDocument(tr.doc, prev.query, prev.options);
  const was = prev.matches[prev.current];
  const { from, to } = tr.selection;
  let current = matches.findIndex((m) => m.from === from && m.to === to);
  if (current === -1 && was) {
    const mapped = tr.mapping.mapResult(was.from, -1);
    current = mapped.deleted ? Math.min(prev.current, matches.length - 1) : matchAtOrAfter(matches, mapped.pos);
  }
  if (current === -1) current = matchAtOrAfter(matches, 0);
  return findStateFor(tr, { ...prev, current }, matches);
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
            if (!tr.docChanged || !prev.query) return prev;
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
