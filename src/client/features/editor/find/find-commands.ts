// What the find bar asks of the editor: search, step through matches, replace. Each is one
// transaction; the current match is also selected, so closing the bar leaves the caret there.
import type { Editor } from "@tiptap/core";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import { yUndoPluginKey } from "@tiptap/y-tiptap";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { findKey, NO_FIND, provideAfterChange, type FindState } from "./find-extension";
import { type FindOptions, findInDocument, matchAtOrAfter, matchBefore, type TextRange } from "./matching";
import { replaceText } from "./replace-text";

/** The state for `query` on `tr.doc`, its decorations drawn. */
function findStateFor(tr: Transaction, base: Omit<FindState, "matches" | "decorations">, matches?: TextRange[]): FindState {
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

provideAfterChange(afterChange);

function stateOf(editor: Editor): FindState {
  return findKey.getState(editor.state) ?? NO_FIND;
}

/** Makes match `current` of the query current on `tr.doc`: selected, drawn, scrolled to. */
function settle(tr: Transaction, prev: FindState, query: string, options: FindOptions, pick: (matches: FindState["matches"]) => number) {
  const matches = findInDocument(tr.doc, query, options);
  const current = pick(matches);
  const m = matches[current];
  if (m) tr.setSelection(TextSelection.create(tr.doc, m.from, m.to));
  tr.setMeta(findKey, findStateFor(tr, { query, options, current, scroll: prev.scroll + (m ? 1 : 0) }, matches));
}

/** Searches for `query`, starting at the selection (so typing more keeps the match found so far). */
export function setFindQuery(editor: Editor, query: string, options: FindOptions): void {
  const prev = stateOf(editor);
  if (prev.query === query && prev.options.matchCase === options.matchCase && prev.options.wholeWord === options.wholeWord) return;
  const tr = editor.state.tr;
  settle(tr, prev, query, options, (ms) => matchAtOrAfter(ms, tr.selection.from));
  editor.view.dispatch(tr);
}

/** Goes to the next (1) or previous (-1) match from the selection, wrapping around. */
export function findStep(editor: Editor, direction: 1 | -1): void {
  const prev = stateOf(editor);
  if (!prev.matches.length) return;
  const tr = editor.state.tr;
  const { from, to } = tr.selection;
  settle(tr, prev, prev.query, prev.options, (ms) => (direction === 1 ? matchAtOrAfter(ms, to) : matchBefore(ms, from)));
  editor.view.dispatch(tr);
}

/** Forgets the query: no highlights are left. */
export function clearFind(editor: Editor): void {
  if (!stateOf(editor).query) return;
  editor.view.dispatch(editor.state.tr.setMeta(findKey, NO_FIND));
}

/** Replaces the current match and goes to the next one; each replacement is its own undo step. */
export function replaceCurrent(editor: Editor, replacement: string): void {
  const prev = stateOf(editor);
  const m = prev.matches[prev.current];
  if (!m || !editor.isEditable) return;
  const undoManager = yUndoPluginKey.getState(editor.state)?.undoManager;
  undoManager?.stopCapturing();
  const tr = editor.state.tr;
  replaceText(tr, m.from, m.to, replacement);
  const after = m.from + replacement.length;
  tr.setSelection(TextSelection.create(tr.doc, after));
  settle(tr, prev, prev.query, prev.options, (ms) => matchAtOrAfter(ms, after));
  editor.view.dispatch(tr);
  undoManager?.stopCapturing();
}

/**
 * Replaces every match in one transaction, which the collaborative undo takes back as one
 * step: its capture window is closed before and after, so typing just before or after
 * stays a step of its own.
 */
export function replaceAll(editor: Editor, replacement: string): number {
  const prev = stateOf(editor);
  if (!prev.matches.length || !editor.isEditable) return 0;
  const undoManager = yUndoPluginKey.getState(editor.state)?.undoManager;
  undoManager?.stopCapturing();
  const tr = editor.state.tr;
  for (const m of [...prev.matches].reverse()) replaceText(tr, m.from, m.to, replacement);
  settle(tr, prev, prev.query, prev.options, (ms) => matchAtOrAfter(ms, tr.selection.from));
  editor.view.dispatch(tr);
  undoManager?.stopCapturing();
  return prev.matches.length;
}
