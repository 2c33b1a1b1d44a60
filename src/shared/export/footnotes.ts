// The footnotes of a stored document as every exporter writes them: numbered 1, 2, 3… in
// the order their references stand in the text (the number is never stored), each with its
// note's paragraphs. Notes are gathered from every footnotes list wherever it stands (the
// schema allows more than one while co-editors' changes meet); a reference whose note is
// missing gets an empty one, a second reference with the same id a copy of the note, as the
// editor would make them.
import type { DocNode } from "../editor/schema.js";
import { attr, children } from "./inline.js";

export interface ExportNote {
  number: number;
  /** The note's paragraphs. */
  paragraphs: DocNode[];
}

export interface ExportFootnotes {
  /** The document's blocks without the footnotes lists. */
  body: DocNode[];
  /** Each reference node's number. */
  numberOf: Map<DocNode, number>;
  notes: ExportNote[];
}

export function collectFootnotes(doc: DocNode): ExportFootnotes {
  const body = children(doc).filter((b) => b.type !== "footnotes");
  const byId = new Map<string, DocNode[]>();
  const numberOf = new Map<DocNode, number>();
  const notes: ExportNote[] = [];
  // Walked with a stack, in document order, so deep documents cannot overflow the call stack.
  const stack: DocNode[] = [...children(doc)].reverse();
  const refs: DocNode[] = [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "footnotes") {
      for (const note of children(node)) {
        const id = attr(note, "id");
        if (note.type === "footnote" && typeof id === "string" && !byId.has(id)) byId.set(id, children(note));
      }
      continue;
    }
    if (node.type === "footnoteReference") refs.push(node);
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  for (const ref of refs) {
    const number = notes.length + 1;
    numberOf.set(ref, number);
    const id = attr(ref, "id");
    notes.push({ number, paragraphs: (typeof id === "string" && byId.get(id)) || [] });
  }
  return { body, numberOf, notes };
}
