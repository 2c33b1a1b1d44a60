// Footnotes read from a file (Markdown's [^1], HTML's and Word's numbered links to a notes
// list) into the schema's form: each reference an inline footnoteReference, its note's
// paragraphs in one footnotes list at the end, in the references' order
// (src/shared/editor/nodes/footnotes.ts). Used by the Markdown and HTML importers.

export interface FootNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: FootNode[];
  text?: string;
  marks?: unknown[];
}

/** A note's blocks as the paragraphs a note holds: headings and code become paragraphs, lists and quotes give their paragraphs. */
export function noteParagraphs<N extends FootNode>(blocks: N[]): N[] {
  const out: N[] = [];
  const stack: FootNode[] = [...blocks].reverse();
  while (stack.length) {
    const block = stack.pop()!;
    if (block.type === "paragraph" || block.type === "heading" || block.type === "codeBlock") {
      const content = (block.content ?? []).filter((n) => n.type === "text" || n.type === "hardBreak" || n.type === "footnoteReference");
      out.push((content.length ? { type: "paragraph", content } : { type: "paragraph" }) as N);
    } else if (block.type !== "footnotes" && block.type !== "text" && block.type !== "hardBreak") {
      const kids = block.content ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out.length ? out : ([{ type: "paragraph" }] as N[]);
}

/**
 * Gives every footnoteReference in `blocks` (document order) its note: `notes` maps the id a
 * reference carries while reading to the note's blocks. References are renumbered n1, n2…; a
 * second reference to the same note gets a copy; a reference with no note gets an empty one.
 * The list is appended to `blocks`; references inside a note are left as they are not
 * allowed there (they become their number's text).
 */
export function attachFootnotes<N extends FootNode>(blocks: N[], notes: Map<string, N[]>): N[] {
  const refs: FootNode[] = [];
  const stack: FootNode[] = [...blocks].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "footnoteReference") refs.push(node);
    const kids = node.content ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  if (!refs.length) return blocks;
  const used = new Set<string>();
  const list: FootNode[] = refs.map((ref, i) => {
    const source = String(ref.attrs?.id ?? "");
    const id = `n${i + 1}`;
    ref.attrs = { id };
    const blocksOf = notes.get(source);
    const paragraphs: FootNode[] = blocksOf ? noteParagraphs(used.has(source) ? (JSON.parse(JSON.stringify(blocksOf)) as N[]) : blocksOf) : [{ type: "paragraph" }];
    used.add(source);
    // A reference inside a note has nowhere to point: its number stays as text.
    for (const p of paragraphs) {
      if (p.content) p.content = p.content.map((n) => (n.type === "footnoteReference" ? { type: "text", text: "*" } : n));
    }
    return { type: "footnote", attrs: { id }, content: paragraphs };
  });
  return [...blocks, { type: "footnotes", content: list } as N];
}
