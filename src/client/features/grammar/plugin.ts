// The check as you type as a ProseMirror plugin: problems are decorations (never marks), so
// they are this writer's alone, never stored, never sent to collaborators and never exported.
// A keystroke only maps the decorations and drops those in the paragraph being typed in; a
// pause of CHECK_DELAY_MS then checks the paragraphs whose text is new (paragraph-cache.ts) in
// the worker and draws the marks again from the cache.
import { Plugin, PluginKey, type EditorState, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import { type Block, problemClass, proseBlocks, shownProblems } from "./blocks";
import type { Checker } from "./checker";
import type { ParagraphCache } from "./paragraph-cache";
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

function decorationsFor(doc: EditorState["doc"], blocks: Block[], cache: ParagraphCache, personal: PersonalLists): DecorationSet {
  const decorations: Decoration[] = [];
  for (const block of blocks) {
    const problems = cache.get(block.text);
    if (!problems) continue;
    for (const p of shownProblems(block, problems, personal)) {
      const from = block.pos + 1 + p.start;
      const to = block.pos + 1 + p.end;
      const placed: PlacedProblem = { ...p, from, to };
      decorations.push(
        Decoration.inline(from, to, { class: `grammar-mark grammar-${problemClass(p.kind)}`, "data-grammar": p.rule }, { problem: placed }),
      );
    }
  }
  return DecorationSet.create(doc, decorations);
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

function mapped(tr: Transaction, set: DecorationSet): DecorationSet {
  let next = set.map(tr.mapping, tr.doc);
  // The paragraph being typed in has changed: its marks come back with the next check.
  if (!tr.getMeta("y-sync$")) {
    const $head = tr.selection.$head;
    if ($head.parent.isTextblock) next = next.remove(next.find($head.start(), $head.end()));
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

      const redraw = (v: EditorView) => {
        const set = decorationsFor(v.state.doc, proseBlocks(v.state.doc), opts.cache, opts.personal());
        v.dispatch(v.state.tr.setMeta(grammarKey, set).setMeta("addToHistory", false));
      };

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
          if (timer) clearTimeout(timer);
        },
      };
    },
  });
}

/** Draws the marks again from the cache (after a word was added to the dictionary or a finding ignored). */
export function refreshGrammar(view: EditorView, personal: PersonalLists, cache: ParagraphCache): void {
  const set = decorationsFor(view.state.doc, proseBlocks(view.state.doc), cache, personal);
  view.dispatch(view.state.tr.setMeta(grammarKey, set).setMeta("addToHistory", false));
}
