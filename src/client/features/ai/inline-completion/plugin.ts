// Ghost-text completion as a ProseMirror plugin. After a pause in typing with the cursor at
// the end of a paragraph, it asks for a short continuation and shows it after the cursor as
// a widget decoration: part of this view only, never of the document, so collaborators and
// the saved document never see it. Tab inserts it (one transaction, so one undo step); Esc,
// any edit or moving the cursor dismisses it, and a request still running is cancelled.
import { Plugin, PluginKey, type EditorState, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";

export const inlineCompletionKey = new PluginKey<GhostState>("inlineCompletion");

/** What the ghost text is and where, and what the last transaction was. */
export interface GhostState {
  ghost: { pos: number; text: string } | null;
  /** "edit": the writer changed the document; "remote": a collaborator did; "accepted": Tab inserted the ghost. */
  change: "edit" | "remote" | "accepted" | "other";
}

export interface InlineCompletionOptions {
  /** Asks for a continuation of `text` (with earlier document text as `context`); null or "" shows nothing. */
  request(input: { text: string; context: string }, signal: AbortSignal): Promise<string | null>;
  /** The typing pause before asking. */
  delayMs: number;
}

/** Characters of the paragraph before a request is worth it. */
const MIN_PARAGRAPH_CHARS = 12;
/** How much of the paragraph (and of the document before it) is sent. */
const MAX_TEXT_CHARS = 2_000;
const MAX_CONTEXT_CHARS = 4_000;
/** Longest ghost text shown: a short continuation, not a paragraph. */
const MAX_GHOST_CHARS = 160;

type Meta = { show: { pos: number; text: string } } | { clear: true } | { accepted: true };

/** The paragraph text up to the cursor, when the cursor is an empty selection at the end of a non-code textblock. */
export function completionSpot(state: EditorState): { pos: number; text: string; context: string } | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $pos = selection.$from;
  const block = $pos.parent;
  if (!block.isTextblock || block.type.spec.code || $pos.parentOffset !== block.content.size) return null;
  const text = block.textBetween(0, block.content.size, "\n", " ");
  if (text.trim().length < MIN_PARAGRAPH_CHARS) return null;
  const before = state.doc.textBetween(0, $pos.before(), "\n\n", " ");
  return { pos: selection.from, text: text.slice(-MAX_TEXT_CHARS), context: before.slice(-MAX_CONTEXT_CHARS) };
}

/** A continuation trimmed for showing: its first line, at most MAX_GHOST_CHARS, no doubled space. */
export function ghostText(paragraph: string, completion: string): string {
  let text = completion.replace(/\r/g, "").split("\n")[0] ?? "";
  if (/\s$/.test(paragraph)) text = text.replace(/^\s+/, "");
  if (text.length > MAX_GHOST_CHARS) {
    const cut = text.slice(0, MAX_GHOST_CHARS);
    const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
    text = end > 0 ? cut.slice(0, end + 1) : cut.replace(/\s+\S*$/, "");
  }
  return text.trim() ? text : "";
}

function ghostWidget(text: string): HTMLElement {
  const span = document.createElement("span");
  span.className = "draftsmith-ghost-text pointer-events-none text-muted-foreground opacity-70";
  span.dataset.testid = "ghost-text";
  span.textContent = text;
  return span;
}

/** A change that arrived from a collaborator (y-prosemirror marks them): it neither asks nor dismisses. */
const isRemote = (tr: Transaction) => !!(tr.getMeta("y-sync$") as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;

function next(tr: Transaction, value: GhostState): GhostState {
  const meta = tr.getMeta(inlineCompletionKey) as Meta | undefined;
  if (meta && "show" in meta) return { ghost: meta.show, change: "other" };
  if (meta && "accepted" in meta) return { ghost: null, change: "accepted" };
  if (meta) return { ghost: null, change: "other" };
  if (tr.docChanged && isRemote(tr)) {
    if (!value.ghost) return { ghost: null, change: "remote" };
    const mapped = tr.mapping.mapResult(value.ghost.pos);
    return { ghost: mapped.deleted ? null : { ...value.ghost, pos: mapped.pos }, change: "remote" };
  }
  if (tr.docChanged) return { ghost: null, change: "edit" };
  // Moving the cursor dismisses; a transaction that changes neither keeps what is shown.
  return { ghost: tr.selectionSet ? null : value.ghost, change: "other" };
}

export function createInlineCompletionPlugin(options: InlineCompletionOptions): Plugin<GhostState> {
  return new Plugin<GhostState>({
    key: inlineCompletionKey,
    state: {
      init: () => ({ ghost: null, change: "other" }),
      apply: next,
    },
    props: {
      // Says on the editor element that completion is on (tests and styles can tell).
      attributes: { "data-inline-completion": "on" },
      decorations(state) {
        const ghost = inlineCompletionKey.getState(state)?.ghost;
        if (!ghost) return null;
        return DecorationSet.create(state.doc, [
          Decoration.widget(ghost.pos, () => ghostWidget(ghost.text), { side: 1, key: `ghost:${ghost.text}`, ignoreSelection: true }),
        ]);
      },
      handleKeyDown(view, event) {
        const ghost = inlineCompletionKey.getState(view.state)?.ghost;
        if (!ghost || event.isComposing) return false;
        if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const tr = view.state.tr.insertText(ghost.text, ghost.pos).setMeta(inlineCompletionKey, { accepted: true } satisfies Meta);
          view.dispatch(tr.scrollIntoView());
          return true;
        }
        if (event.key === "Escape") {
          view.dispatch(view.state.tr.setMeta(inlineCompletionKey, { clear: true } satisfies Meta));
          return true;
        }
        return false;
      },
    },
    view() {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let inFlight: AbortController | null = null;
      const cancel = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        inFlight?.abort();
        inFlight = null;
      };
      const ask = async (v: EditorView) => {
        timer = null;
        if (!v.hasFocus() || v.composing || !v.editable) return;
        const spot = completionSpot(v.state);
        if (!spot) return;
        const controller = new AbortController();
        inFlight = controller;
        let completion: string | null = null;
        try {
          completion = await options.request({ text: spot.text, context: spot.context }, controller.signal);
        } catch {
          // A failed or refused suggestion is simply not shown: the writer did not ask for it.
          completion = null;
        }
        if (inFlight !== controller) return;
        inFlight = null;
        // Only if the writer is still exactly where the request was made.
        const now = completionSpot(v.state);
        if (!completion || !now || now.pos !== spot.pos || now.text !== spot.text) return;
        const text = ghostText(spot.text, completion);
        if (text) v.dispatch(v.state.tr.setMeta(inlineCompletionKey, { show: { pos: spot.pos, text } } satisfies Meta));
      };
      return {
        update(v, prev) {
          if (v.state === prev) return;
          const change = inlineCompletionKey.getState(v.state)?.change;
          if (change === "remote") return;
          if (change === "edit") {
            // Each keystroke restarts the pause; whatever was pending is stale.
            cancel();
            timer = setTimeout(() => void ask(v), options.delayMs);
          } else if (change === "accepted" || !v.state.selection.eq(prev.selection)) cancel();
        },
        destroy: cancel,
      };
    },
  });
}
