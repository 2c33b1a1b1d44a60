// Suggesting mode: what a person types becomes a suggestion instead of a change. After each
// of their own transactions (appendTransaction), inserted text gets the suggestion-insert
// mark and deleted text is put back with the suggestion-delete mark, both naming the author
// and the time (src/shared/editor/suggestion-marks.ts); deleting one's own suggested words
// removes them for real. Typing next to one's own suggestion continues it (same id, so one
// card), and a replacement's deletion and insertion share an id.
//
// Enter splits the block as usual and the block after the break carries the suggestion
// (suggested-break.ts); deleting one's own suggested break (Backspace at the start of that
// block) takes it back. Enter in an empty list item one's own break started leaves the list
// (leaveListPlugin). Pasting several paragraphs is the same: their words are suggested and
// each paragraph after the first starts after a suggested break. What cannot be a suggestion
// is not done at all (filterTransaction): other new blocks (a pasted list or table),
// formatting, attribute and structure changes. Deleting
// across blocks puts the blocks back, with the words struck. Changes from other people (y-sync) and decisions
// on suggestions (src/client/lib/suggestions/one-step.ts) pass untouched.
//
// It is shared so the live server's tests can type in Suggesting mode exactly as the editor
// does (src/server/collab/suggesting-editor.test-util.ts); the editor loads it through
// src/client/features/suggesting/tracking.ts.
import type { Mark, Node as PmNode } from "@tiptap/pm/model";
import { Fragment, Slice } from "@tiptap/pm/model";
import { type EditorState, Plugin, PluginKey, TextSelection, type Transaction } from "@tiptap/pm/state";
import { AddMarkStep, Mapping, RemoveMarkStep, ReplaceStep, type Step } from "@tiptap/pm/transform";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import { COMMENT_MARK } from "./comment-anchor.js";
import { BREAK_BLOCKS, LIST_WRAPPERS, SUGGESTED_BREAK, suggestedBreakOf } from "./suggested-break.js";
import { SUGGESTION_DECISION, SUGGESTION_DELETE, SUGGESTION_INSERT } from "./suggestion-names.js";

export interface SuggestionAuthor {
  /** The user id (what the live server checks a commenter's suggestions against). */
  id: string;
  name: string;
}

export interface TrackingOptions {
  author: SuggestionAuthor;
  now?: () => Date;
  newId?: () => string;
}

export const suggestingKey = new PluginKey("suggesting");

interface PersonAttrs {
  id: string;
  group: string;
  author: string;
  authorName: string;
  createdAt: string;
}

/** Transactions the plugin leaves as they are: other people's, decisions, its own. */
function passes(tr: Transaction): boolean {
  return tr.getMeta(ySyncPluginKey) !== undefined || tr.getMeta(SUGGESTION_DECISION) === true || tr.getMeta(suggestingKey) !== undefined;
}

/** Mark steps allowed in Suggesting mode: comment anchors (a suggestion may carry a thread). */
const allowedMarkStep = (step: Step) => (step instanceof AddMarkStep || step instanceof RemoveMarkStep) && step.mark.type.name === COMMENT_MARK;

/** The wrappers a split may cross to reach the block it splits: Enter in a list item. */
const SPLIT_WRAPPERS = new Set(["listItem", "taskItem"]);

/**
 * A split (Enter): a boundary between two blocks put in at one point, `depth` levels deep (1
 * between two paragraphs, 2 between two list items and their paragraphs); 0 when not a split.
 */
function splitDepth(step: Step): number {
  if (!(step instanceof ReplaceStep) || step.from !== step.to) return 0;
  const { slice } = step;
  const depth = slice.openStart;
  if (depth < 1 || slice.openEnd !== depth || slice.content.childCount !== 2 || slice.size !== 2 * depth) return 0;
  // Down the side after the break: wrappers, then the text block that starts after it.
  let node = slice.content.lastChild;
  for (let d = 1; d < depth; d++) {
    if (!node || !SPLIT_WRAPPERS.has(node.type.name)) return 0;
    node = node.firstChild;
  }
  return node && (BREAK_BLOCKS as readonly string[]).includes(node.type.name) ? depth : 0;
}

/**
 * A paste of several paragraphs or headings into a text block: the slice is open one level
 * at both ends, so its first block's words join the block before the caret and its last
 * block takes the words after it. Each block it starts is a suggested break.
 */
function pastedBlocks(step: ReplaceStep): boolean {
  const { slice } = step;
  if (slice.openStart !== 1 || slice.openEnd !== 1 || slice.content.childCount < 2) return false;
  let blocks = true;
  slice.content.forEach((n) => {
    if (!(BREAK_BLOCKS as readonly string[]).includes(n.type.name)) blocks = false;
  });
  return blocks;
}

/** A step that can become a suggestion: inline content in place of a range, pasted paragraphs, or a split. */
function trackable(step: Step): step is ReplaceStep {
  if (!(step instanceof ReplaceStep)) return false;
  if (splitDepth(step) > 0 || pastedBlocks(step)) return true;
  const { slice } = step;
  if (slice.size === 0) return true;
  if (slice.openStart > 0 || slice.openEnd > 0) return false;
  let inline = true;
  slice.content.forEach((n) => {
    if (!n.isInline) inline = false;
  });
  return inline;
}

export function isOwn(mark: Mark, author: SuggestionAuthor): boolean {
  return mark.attrs.author === author.id;
}

export function trackingPlugin({ author, now = () => new Date(), newId = () => crypto.randomUUID() }: TrackingOptions): Plugin {
  const fresh = (): PersonAttrs => {
    const id = newId();
    return { id, group: id, author: author.id, authorName: author.name, createdAt: now().toISOString() };
  };
  return new Plugin({
    key: suggestingKey,
    filterTransaction(tr) {
      if (!tr.docChanged || passes(tr)) return true;
      return tr.steps.every((s) => trackable(s) || allowedMarkStep(s));
    },
    appendTransaction(trs, oldState, newState) {
      if (!trs.some((tr) => tr.docChanged && !passes(tr))) return null;
      return track(trs, oldState, newState, author, fresh);
    },
  });
}

/**
 * Enter in Suggesting mode, in the empty last item of a top-level list that the author's own
 * suggested break started (Enter, then Enter again to leave the list): the item goes (the break
 * is withdrawn) and a paragraph after the list starts after the author's suggested break, which
 * a rejection joins back into the list's last item. Without this, Enter there would lift the
 * item out of the list, a change of structure Suggesting mode refuses, and nothing would happen.
 * Any other Enter is left to the editor's own keys.
 */
export function leaveListPlugin({ author }: Pick<TrackingOptions, "author">): Plugin {
  return new Plugin({
    key: leaveListKey,
    props: {
      handleKeyDown(view, event) {
        if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
        const tr = leaveList(view.state, author);
        if (!tr) return false;
        view.dispatch(tr);
        return true;
      },
    },
  });
}

export const leaveListKey = new PluginKey("suggestingLeaveList");

/** The transaction leaveListPlugin makes for Enter in `state`, or null when it is not its case. */
export function leaveList(state: EditorState, author: SuggestionAuthor): Transaction | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if ($from.depth !== 3 || $from.parent.content.size > 0) return null;
  const item = $from.node(2);
  const list = $from.node(1);
  if (!SPLIT_WRAPPERS.has(item.type.name) || !LIST_WRAPPERS.has(list.type.name)) return null;
  if (item.childCount !== 1 || list.childCount < 2 || $from.index(1) !== list.childCount - 1) return null;
  const own = suggestedBreakOf($from.parent.attrs);
  if (!own || own.author !== author.id) return null;
  const paragraph = state.schema.nodes.paragraph!.create({ [SUGGESTED_BREAK]: own });
  const itemStart = $from.before(2);
  const itemEnd = $from.after(2);
  const listEnd = $from.after(1);
  const tr = state.tr.insert(listEnd, paragraph).delete(itemStart, itemEnd);
  tr.setSelection(TextSelection.create(tr.doc, listEnd - (itemEnd - itemStart) + 1));
  return tr.setMeta(suggestingKey, "left list").scrollIntoView();
}

interface Insertion {
  from: number;
  to: number;
  step: number;
}
interface Deletion {
  pos: number;
  slice: Slice;
  step: number;
  /** The caret was at the end of the deleted range (Backspace): it stays before the struck words. */
  backward: boolean;
  /**
   * Where the struck words go back when not at `pos`: after pasted paragraphs, so the block
   * boundary they hold stays the text's own and the paste's blocks are the ones that start
   * after a break (before them, a paste over two blocks would leave one holding only pasted words).
   */
  after?: number;
}

function track(trs: readonly Transaction[], oldState: EditorState, newState: EditorState, author: SuggestionAuthor, fresh: () => PersonAttrs): Transaction | null {
  // Every step of the batch in order, and the mapping from after each one to the new document.
  const all = new Mapping();
  const found: { tr: Transaction; index: number; global: number }[] = [];
  for (const tr of trs) {
    tr.steps.forEach((_, index) => {
      found.push({ tr, index, global: all.maps.length + index });
    });
    for (const map of tr.mapping.maps) all.appendMap(map);
  }
  const insertions: Insertion[] = [];
  const deletions: Deletion[] = [];
  /** Where each new block after a break starts, in the new document. */
  const breaks: number[] = [];
  const caret = oldState.selection;
  for (const { tr, index, global } of found) {
    if (passes(tr)) continue;
    const step = tr.steps[index]!;
    if (!trackable(step)) continue;
    const before = tr.docs[index]!;
    const rest = all.slice(global + 1);
    const { from, to, slice } = step;
    const depth = splitDepth(step);
    if (depth > 0) {
      // After the step, the new block's start is past `depth` closing and `depth - 1` opening tokens.
      breaks.push(rest.map(from + 2 * depth - 1, 1));
      continue;
    }
    const pasted = pastedBlocks(step);
    const a = rest.map(from, 1);
    const b = rest.map(from + slice.size, -1);
    if (slice.size > 0) {
      if (b > a) insertions.push({ from: a, to: b, step: global });
      // Pasted paragraphs: every text block that starts inside what came in starts after a break.
      if (pasted && b > a) {
        newState.doc.nodesBetween(a, b, (node, pos) => {
          if (pos >= a && node.isTextblock) breaks.push(pos);
          return !node.isTextblock;
        });
      }
    }
    if (to > from) {
      const backward = caret.empty && caret.head === to && slice.size === 0 && trs.length === 1 && tr.steps.length === 1;
      deletions.push({ pos: rest.map(from, -1), slice: before.slice(from, to), step: global, backward, ...(pasted && b > a ? { after: b } : {}) });
    }
  }
  if (!insertions.length && !deletions.length && !breaks.length) return null;
  const { schema } = newState;
  const tr = newState.tr;
  for (const pos of breaks) {
    const node = tr.doc.nodeAt(pos);
    if (node && (BREAK_BLOCKS as readonly string[]).includes(node.type.name)) tr.setNodeAttribute(pos, SUGGESTED_BREAK, fresh());
  }
  const insertType = schema.marks[SUGGESTION_INSERT]!;
  const deleteType = schema.marks[SUGGESTION_DELETE]!;
  // A replacement's two halves share one suggestion.
  const byStep = new Map<number, PersonAttrs>();
  const ownNeighbour = (doc: PmNode, pos: number, type: string): PersonAttrs | null => {
    const $pos = doc.resolve(pos);
    for (const node of [$pos.nodeBefore, $pos.nodeAfter]) {
      const mark = node?.isText ? node.marks.find((m) => m.type.name === type && isOwn(m, author)) : undefined;
      if (mark) return mark.attrs as PersonAttrs;
    }
    return null;
  };
  for (const ins of insertions) {
    const attrs = byStep.get(ins.step) ?? ownNeighbour(tr.doc, ins.from, SUGGESTION_INSERT) ?? ownNeighbour(tr.doc, ins.to, SUGGESTION_INSERT) ?? fresh();
    byStep.set(ins.step, attrs);
    tr.addMark(ins.from, ins.to, insertType.create(attrs));
  }
  // From the end, so earlier positions hold; each mapped through what this transaction did.
  let caretAt: number | null = null;
  for (const del of [...deletions].sort((x, y) => y.pos - x.pos)) {
    const pos = tr.mapping.map(del.after ?? del.pos, -1);
    const attrs = byStep.get(del.step) ?? ownNeighbour(tr.doc, pos, SUGGESTION_DELETE) ?? fresh();
    const struck = strike(del.slice, author, deleteType.create(attrs));
    if (struck.content.size === 0 && struck.openStart === 0 && struck.openEnd === 0) continue;
    // Deleting one's own suggested break (and nothing else) takes it back: the blocks stay joined.
    if (ownBreakOnly(struck, author)) continue;
    tr.replace(pos, pos, struck);
    // After Backspace, and after a paste over words, the caret stays before the struck words.
    if (del.backward || del.after !== undefined) caretAt = pos;
  }
  if (caretAt !== null) tr.setSelection(TextSelection.create(tr.doc, caretAt));
  if (!tr.docChanged) return null;
  return tr.setMeta(suggestingKey, "tracked");
}

/** Whether `slice` is only a boundary between two blocks, the one after it starting after the author's own suggested break. */
function ownBreakOnly(slice: Slice, author: SuggestionAuthor): boolean {
  if (slice.content.childCount !== 2 || slice.openStart < 1 || slice.openEnd < 1) return false;
  let inline = false;
  slice.content.descendants((n) => {
    if (n.isInline) inline = true;
    return !inline;
  });
  if (inline) return false;
  let after: PmNode | null = slice.content.lastChild;
  while (after && !after.isTextblock) after = after.firstChild;
  const suggested = after ? suggestedBreakOf(after.attrs) : null;
  return suggested !== null && suggested.author === author.id;
}

/**
 * The deleted content as it goes back in: words struck (the delete mark), one's own suggested
 * words left out (deleting them is taking them back), and what cannot be struck (someone
 * else's suggestion, words already struck, pictures and other inline nodes) as it was.
 */
function strike(slice: Slice, author: SuggestionAuthor, mark: Mark): Slice {
  const map = (fragment: Fragment): Fragment => {
    const out: PmNode[] = [];
    fragment.forEach((node) => {
      if (node.isText) {
        const insert = node.marks.find((m) => m.type.name === SUGGESTION_INSERT);
        if (insert && isOwn(insert, author)) return;
        if (insert || node.marks.some((m) => m.type.name === SUGGESTION_DELETE)) out.push(node);
        else out.push(node.mark(mark.addToSet(node.marks)));
        return;
      }
      out.push(node.isLeaf ? node : node.copy(map(node.content)));
    });
    return Fragment.fromArray(out);
  };
  return new Slice(map(slice.content), slice.openStart, slice.openEnd);
}
