// The check as you type as a ProseMirror plugin: problems are decorations (never marks), so
// they are this writer's alone, never stored, never sent to collaborators and never exported.
// A keystroke only maps the decorations and drops those in the paragraphs it changed; a pause
// of CHECK_DELAY_MS then checks the paragraphs whose text is new (paragraph-cache.ts) in the
// worker and draws the marks of the paragraphs that changed since they were drawn: at 1,000
// paragraphs, redrawing them all after every pause cost more than the keystrokes themselves.
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type EditorState, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import { type Block, problemClass, proseBlocks, shownProblems } from "./blocks";
import type { Checker } from "./checker";
import type { ParagraphCache } from "./paragraph-cache";
import { changedRange, isRemoteChange, rangeMapping } from "../../lib/collab/remote-change-mapping";
import type { Problem } from "./types";

export const grammarKey = new PluginKey<DecorationSet>("grammar");

/** The typing pause before a check. */
export const CHECK_DELAY_MS = 250;
/** Paragraphs per message to the worker: a long document's marks appear batch by batch. */
const BATCH = 40;

export interface PersonalLists {
  words: ReadonlySet<string>;
  ignored: ReadonlySet<string>;
}

/** A problem where it stands in the document. */
export interface PlacedProblem extends Problem {
  from: number;
  to: number;
}

export interface GrammarPluginOptions {
  checker: Checker;
  cache: ParagraphCache;
  personal: () => PersonalLists;
  /** Alt+Enter on a problem: open its choices from the keyboard. */
  onOpen: (problem: PlacedProblem) => void;
}

const markOf = (problem: PlacedProblem) =>
  Decoration.inline(problem.from, problem.to, { class: `grammar-mark grammar-${problemClass(problem.kind)}`, "data-grammar": problem.rule }, { problem });

function blockDecorations(block: Block, problems: Problem[], personal: PersonalLists): Decoration[] {
  return shownProblems(block, problems, personal).map((p) => markOf({ ...p, from: block.pos + 1 + p.start, to: block.pos + 1 + p.end }));
}

/**
 * The marks of `doc` with every paragraph not in `drawn` drawn from the cache (a paragraph
 * whose check has not come back stays as it is). Returns null when nothing changed.
 * With `all`, every paragraph is drawn again (the dictionary or the ignored list changed).
 */
export function drawMarks(
  doc: PmNode,
  set: DecorationSet,
  drawn: WeakSet<PmNode>,
  cache: ParagraphCache,
  personal: PersonalLists,
  all = false,
): DecorationSet | null {
  let next = all ? DecorationSet.empty : set;
  let changed = all;
  const seen = new Set<PmNode>();
  for (const block of proseBlocks(doc)) {
    // The same node object can stand twice (a copy dragged in): its second place is drawn when bare.
    const again = seen.has(block.node);
    seen.add(block.node);
    if (!all && drawn.has(block.node) && !again) continue;
    const problems = cache.get(block.text);
    if (!problems) continue;
    const from = block.pos + 1;
    const stale = next.find(from, from + block.node.content.size);
    if (again && stale.length > 0) continue;
    drawn.add(block.node);
    const fresh = blockDecorations(block, problems, personal);
    if (stale.length > 0) next = next.remove(stale);
    if (fresh.length > 0) next = next.add(doc, fresh);
    changed ||= stale.length > 0 || fresh.length > 0;
  }
  return changed ? next : null;
}

/** The problem at `pos` (inside or at either end of its span), if any. */
export function problemAt(state: EditorState, pos: number): PlacedProblem | null {
  const set = grammarKey.getState(state);
  const found = set?.find(pos, pos)[0];
  if (!found) return null;
  const problem = (found.spec as { problem: PlacedProblem }).problem;
  // The spec keeps the positions of when it was drawn; the decoration's are mapped since.
  return { ...problem, from: found.from, to: found.to };
}

/** Where in the new document `tr` changed something: each step's changed range, mapped to the end. */
function changedRanges(tr: Transaction): [number, number][] {
  const ranges: [number, number][] = [];
  tr.mapping.maps.forEach((map, i) => {
    const rest = tr.mapping.slice(i + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      ranges.push([rest.map(newStart, -1), rest.map(newEnd, 1)]);
    });
  });
  return ranges;
}

/**
 * A collaborator's change: marks outside the range it changed stay where they were, and so do
 * those of paragraphs inside it that are the very same nodes (the live binding replaces the
 * whole document on a remote change; its own mapping would drop every mark).
 */
function mappedRemote(tr: Transaction, set: DecorationSet): DecorationSet {
  const range = changedRange(tr.before, tr.doc);
  if (!range) return set;
  let next = set.map(rangeMapping(range), tr.doc);
  const wasAt = new Map<PmNode, number>();
  tr.before.nodesBetween(range.start, range.endA, (node, pos) => {
    if (!node.isTextblock) return true;
    wasAt.set(node, pos);
    return false;
  });
  const carried: Decoration[] = [];
  // What the carried marks replace: the range, widened to the whole of a carried paragraph
  // that reaches out of it (its marks outside the range were mapped already).
  let from = range.start;
  let to = range.endB;
  tr.doc.nodesBetween(range.start, range.endB, (node, pos) => {
    if (!node.isTextblock) return true;
    const was = wasAt.get(node);
    if (was === undefined) return false;
    from = Math.min(from, pos);
    to = Math.max(to, pos + node.nodeSize);
    for (const d of set.find(was + 1, was + node.nodeSize - 1)) {
      const problem = (d.spec as { problem: PlacedProblem }).problem;
      carried.push(markOf({ ...problem, from: d.from - was + pos, to: d.to - was + pos }));
    }
    return false;
  });
  if (carried.length > 0) next = next.remove(next.find(from, to)).add(tr.doc, carried);
  return next;
}

function mapped(tr: Transaction, set: DecorationSet): DecorationSet {
  if (isRemoteChange(tr)) return mappedRemote(tr, set);
  let next = set.map(tr.mapping, tr.doc);
  // A paragraph the writer changed loses its marks until the next check draws them again.
  const size = tr.doc.content.size;
  for (const [from, to] of changedRanges(tr)) {
    tr.doc.nodesBetween(Math.max(0, from - 1), Math.min(size, to + 1), (node, pos) => {
      if (!node.isTextblock) return true;
      next = next.remove(next.find(pos, pos + node.nodeSize));
      return false;
    });
  }
  return next;
}

export function createGrammarPlugin(opts: GrammarPluginOptions): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: grammarKey,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        const fresh = tr.getMeta(grammarKey) as DecorationSet | undefined;
        if (fresh) return fresh;
        return tr.docChanged ? mapped(tr, set) : set;
      },
    },
    props: {
      decorations: (state) => grammarKey.getState(state),
      handleKeyDown(view, event) {
        if (event.key !== "Enter" || !event.altKey || event.ctrlKey || event.metaKey) return false;
        const problem = problemAt(view.state, view.state.selection.head);
        if (!problem) return false;
        opts.onOpen(problem);
        return true;
      },
    },
    view(view) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let destroyed = false;
      let running = false;
      let again = false;
      // The paragraph nodes whose marks are drawn (a changed paragraph is a new node).
      let drawn = new WeakSet<PmNode>();

      const redraw = (v: EditorView, all = false) => {
        if (all) drawn = new WeakSet();
        const set = drawMarks(v.state.doc, grammarKey.getState(v.state) ?? DecorationSet.empty, drawn, opts.cache, opts.personal(), all);
        if (set) v.dispatch(v.state.tr.setMeta(grammarKey, set).setMeta("addToHistory", false));
      };
      redrawAll.set(view, () => redraw(view, true));

      const run = async () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          const missing = opts.cache.missing(proseBlocks(view.state.doc).map((b) => b.text));
          for (let i = 0; i < missing.length && !destroyed; i += BATCH) {
            const texts = missing.slice(i, i + BATCH);
            const results = await opts.checker.check(texts);
            for (const [k, t] of texts.entries()) opts.cache.set(t, results[k] ?? []);
            if (!destroyed) redraw(view);
          }
          if (missing.length === 0 && !destroyed) redraw(view);
        } catch {
          // The checker failed (the .wasm could not load, the worker stopped): no marks, the editor goes on.
        } finally {
          running = false;
          if (again && !destroyed) {
            again = false;
            schedule(0);
          }
        }
      };

      const schedule = (ms: number) => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          void run();
        }, ms);
      };

      schedule(0);
      return {
        update(v, prev) {
          if (v.state.doc !== prev.doc) schedule(CHECK_DELAY_MS);
        },
        destroy() {
          destroyed = true;
          redrawAll.delete(view);
          if (timer) clearTimeout(timer);
        },
      };
    },
  });
}

/** Each view's way to draw every mark again. */
const redrawAll = new WeakMap<EditorView, () => void>();

/** Draws every mark again from the cache (after a word was added to the dictionary or a finding ignored). */
export function refreshGrammar(view: EditorView): void {
  redrawAll.get(view)?.();
}
