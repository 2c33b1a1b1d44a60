// Accepting a "replace" answer edit by edit: the words that changed are replaced inside
// their own text, so headings, lists and bold or italic around them stay as they were.
// Replacing the whole selection with the answer (applyAnswer) turned every block into a
// plain paragraph and dropped every mark, even on words the answer had not touched.
import type { Node as PmNode } from "@tiptap/pm/model";
import { TextSelection } from "@tiptap/pm/state";
import type { Editor } from "@tiptap/react";
import { wordEdits } from "../../../shared/text/word-diff";
import { applyAnswer } from "./editor-text";

const BLOCK_SEPARATOR = "\n\n";

/**
 * The selection's text as getSelection reads it (blocks joined by a blank line, other
 * leaves as a space), with the document position of each character; -1 where the
 * character is not document text (block breaks, line breaks).
 */
export function textWithPositions(doc: PmNode, from: number, to: number): { text: string; positions: number[] } {
  let text = "";
  const positions: number[] = [];
  let first = true;
  doc.nodesBetween(from, to, (node, pos) => {
    const nodeText = node.isText ? (node.text ?? "").slice(Math.max(from, pos) - pos, to - pos) : node.isLeaf ? " " : "";
    if (node.isBlock && ((node.isLeaf && nodeText) || node.isTextblock)) {
      if (first) first = false;
      else {
        text += BLOCK_SEPARATOR;
        positions.push(-1, -1);
      }
    }
    const start = Math.max(from, pos);
    for (let i = 0; i < nodeText.length; i++) positions.push(node.isText ? start + i : -1);
    text += nodeText;
  });
  return { text, positions };
}

/**
 * Applies `answer` over the selected `original` as word edits in one transaction (one undo
 * step). Returns false, changing nothing, when it cannot: an edit would cross a block or
 * line break, put in a line break, or the texts are too long to compare; the caller then
 * replaces the selection as a whole.
 */
export function applyAsEdits(editor: Editor, range: { from: number; to: number }, original: string, answer: string): boolean {
  const { text, positions } = textWithPositions(editor.state.doc, range.from, range.to);
  const lead = text.length - text.trimStart().length;
  if (text.trim() !== original) return false;
  const edits = wordEdits(original, answer.trim());
  if (!edits) return false;
  // Every edit is placed first; one that cannot be leaves the document untouched.
  const placed: { from: number; to: number; text: string }[] = [];
  for (const edit of edits) {
    if (edit.text.includes("\n")) return false;
    const start = edit.start + lead;
    const end = edit.end + lead;
    if (end > start) {
      const covered = positions.slice(start, end);
      if (covered.some((p, i) => p < 0 || (i > 0 && p !== covered[i - 1]! + 1))) return false;
      placed.push({ from: covered[0]!, to: covered[covered.length - 1]! + 1, text: edit.text });
    } else {
      // An insertion: before the next character, or after the previous one.
      const next = positions[start];
      const prev = positions[start - 1];
      const at = next !== undefined && next >= 0 ? next : prev !== undefined && prev >= 0 ? prev + 1 : null;
      if (at === null) return false;
      placed.push({ from: at, to: at, text: edit.text });
    }
  }
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      // From the end, so earlier positions stay valid.
      for (const p of placed.reverse()) {
        if (p.text) tr.insertText(p.text, p.from, p.to);
        else tr.delete(p.from, p.to);
      }
      // The caret goes after the changed text, as when the whole selection is replaced.
      tr.setSelection(TextSelection.near(tr.doc.resolve(tr.mapping.map(range.to))));
      return true;
    })
    .run();
}

/**
 * A selection that starts mid-sentence ("remain expensive.") comes back capitalised
 * ("Remain expensive."): the answer's first word takes the original's lower case again.
 */
export function keepLeadingCase(original: string, answer: string): string {
  const first = /^\s*(\p{L}+)/u.exec(original)?.[1];
  const trimmed = answer.trimStart();
  if (!first || first[0] === first[0]!.toUpperCase()) return answer;
  const capitalised = first[0]!.toUpperCase() + first.slice(1);
  if (!trimmed.startsWith(capitalised)) return answer;
  return answer.slice(0, answer.length - trimmed.length) + first[0] + trimmed.slice(1);
}

/** Writes an answer over the selection it was made from, edit by edit when it can. */
export function replaceSelection(editor: Editor, range: { from: number; to: number }, original: string, answer: string): boolean {
  const text = keepLeadingCase(original, answer);
  return applyAsEdits(editor, range, original, text) || applyAnswer(editor, range, text, "replace");
}
