// Reading text from the editor and writing AI answers back as one undoable change.
import type { Editor } from "@tiptap/react";
import { AI_MAX_TEXT_CHARS } from "../../../shared/contracts/ai-catalog";
import type { DocNode } from "../../../shared/editor/schema";
import type { JsonNode } from "../../../shared/markdown/from-markdown";
import { markdownParser } from "../../../shared/markdown/load-parser";
import { docToPromptMarkdown } from "../../../shared/markdown/prompt-markdown";

export interface SelectionInfo {
  text: string;
  from: number;
  to: number;
  empty: boolean;
}

/**
 * Brings the editor's selection up to date with the page's. A key that moves the caret (End,
 * Ctrl+End, Shift+arrows) is done by the browser, and the editor reads the new place on the
 * page's next "selectionchange" event; a shortcut pressed right after it (Ctrl+K) can come
 * first, and would act where the caret was before. ProseMirror's observer flushes that
 * pending change on demand (not in its typings, so reached by shape).
 */
function syncSelection(editor: Editor): void {
  const view = editor.view as unknown as { domObserver?: { flush?: () => void } };
  view.domObserver?.flush?.();
}

/** The selected text, taken only between the selection's start and end (never the whole block around it). */
export function getSelection(editor: Editor | null): SelectionInfo {
  if (!editor) return { text: "", from: 0, to: 0, empty: true };
  if (!editor.isDestroyed) syncSelection(editor);
  const { from, to } = editor.state.selection;
  const text = editor.state.doc.textBetween(from, to, "\n\n", " ").trim();
  return { text, from, to, empty: from === to || !text };
}

/** Up to `max` characters of text before `pos` (context for a continuation). */
export function textBefore(editor: Editor, pos: number, max = 4000): string {
  const text = editor.state.doc.textBetween(0, pos, "\n\n", " ");
  return text.length > max ? text.slice(text.length - max) : text;
}

/** The document as light Markdown (headings keep their "#"), so an outline can use them. */
export function documentMarkdown(editor: Editor): string {
  return docToPromptMarkdown(editor.getJSON() as DocNode);
}

/** What a document-level action sends when nothing is selected, and how to say so. */
export interface WholeDocument {
  text: string;
  /** True when the document was longer than one AI request takes and only its start is sent. */
  shortened: boolean;
  /** "the whole document" or "the first 20,000 characters of the document". */
  scope: string;
}

/**
 * The whole document as light Markdown for a document-level action (summary, outline,
 * readability), or null when it is empty. One request takes at most AI_MAX_TEXT_CHARS
 * (the server answers 413 above it), so a longer document sends its start, cut at the last
 * line break before the limit, and the answer says so.
 */
export function wholeDocument(editor: Editor, markdown = documentMarkdown(editor)): WholeDocument | null {
  if (!markdown.trim()) return null;
  if (markdown.length <= AI_MAX_TEXT_CHARS) return { text: markdown, shortened: false, scope: "the whole document" };
  const cut = markdown.lastIndexOf("\n", AI_MAX_TEXT_CHARS);
  const text = markdown.slice(0, cut > AI_MAX_TEXT_CHARS / 2 ? cut : AI_MAX_TEXT_CHARS);
  return { text, shortened: true, scope: `the first ${text.length.toLocaleString("en-US")} characters of the document` };
}

// Editors in which the writer has placed the cursor (focused them) since they opened. Until
// then the selection is ProseMirror's default at the very start, which says nothing about
// where the writer is, so "continue" writes on from the end of the document.
const cursorPlaced = new WeakSet<Editor>();

/** Remembers, from the first time the writer focuses the editor, that its cursor is theirs. */
export function trackCursor(editor: Editor): () => void {
  const mark = () => cursorPlaced.add(editor);
  if (editor.isFocused) mark();
  editor.on("focus", mark);
  return () => {
    editor.off("focus", mark);
  };
}

export function hasCursor(editor: Editor): boolean {
  return editor.isFocused || cursorPlaced.has(editor);
}

/**
 * Puts an answer into the document in ONE transaction (one undo step): inline text when it
 * is a single paragraph, otherwise block nodes converted from its Markdown.
 */
export function applyAnswer(editor: Editor, range: { from: number; to: number }, answer: string, mode: "replace" | "after"): boolean {
  const { markdownToNodes, parseInline, isInlineAnswer } = markdownParser();
  const nodes = markdownToNodes(answer);
  const at = mode === "replace" ? range : { from: range.to, to: range.to };
  let content: JsonNode[];
  if (isInlineAnswer(nodes)) {
    // After a selection that ends inside a line the answer goes on with a space; where it
    // ends at a block boundary the answer becomes a paragraph of its own, with no space.
    const inLine = editor.state.doc.resolve(at.from).parent.isTextblock;
    const inline = parseInline(mode === "after" && inLine ? ` ${answer.trim()}` : answer.trim());
    if (mode === "replace" && !inline.length) return editor.chain().focus().deleteRange(at).run();
    content = inline;
  } else {
    content = nodes;
  }
  return editor.chain().focus().insertContentAt(at, content).run();
}

/** True when the range still holds `text` (the user may have edited while the AI worked). */
export function rangeStillHolds(editor: Editor, range: { from: number; to: number }, text: string): boolean {
  const size = editor.state.doc.content.size;
  if (range.to > size) return false;
  return editor.state.doc.textBetween(range.from, range.to, "\n\n", " ").trim() === text;
}
