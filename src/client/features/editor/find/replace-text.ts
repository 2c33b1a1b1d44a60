// Replacing a match's text inside its own marks. A replacement as long as the match keeps
// each character's marks (fixing the case of a half-bold word keeps it half bold); any
// other replacement takes the marks of the match's first character, as word processors do,
// link and colour included.
import type { Mark, Node as PmNode } from "@tiptap/pm/model";
import type { Transaction } from "@tiptap/pm/state";

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The text nodes of [from, to) with the part of `text` each one gets, or null when lengths differ. */
function pieceByPiece(doc: PmNode, from: number, to: number, text: string): { text: string; marks: readonly Mark[] }[] | null {
  if (text.length !== to - from) return null;
  const pieces: { text: string; marks: readonly Mark[] }[] = [];
  let ok = true;
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isInline) return true;
    if (!node.isText) ok = false;
    const start = Math.max(from, pos) - from;
    const end = Math.min(to, pos + node.nodeSize) - from;
    // A cut between the halves of a surrogate pair would break the character.
    if (start > 0 && isHighSurrogate(text.charCodeAt(start - 1))) ok = false;
    pieces.push({ text: text.slice(start, end), marks: node.marks });
    return false;
  });
  return ok ? pieces : null;
}

/** Replaces [from, to) (inside one textblock) with `text` in `tr`. */
export function replaceText(tr: Transaction, from: number, to: number, text: string): void {
  if (!text) {
    tr.delete(from, to);
    return;
  }
  const schema = tr.doc.type.schema;
  const pieces = pieceByPiece(tr.doc, from, to, text) ?? [{ text, marks: tr.doc.nodeAt(from)?.marks ?? [] }];
  tr.replaceWith(
    from,
    to,
    pieces.filter((p) => p.text).map((p) => schema.text(p.text, p.marks)),
  );
}
