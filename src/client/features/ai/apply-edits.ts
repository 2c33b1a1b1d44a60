// Reading a selection for a "replace" answer: its text with the document position of each
// character, so the answer's word changes are marked inside their own text (headings, lists
// and bold or italic around them stay as they were; inline-suggestions/render.ts), and the
// answer's first letter in the case the selection had.
import type { Node as PmNode } from "@tiptap/pm/model";

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
