// The paragraphs the check reads, as plain text with a position for every character: a
// paragraph's character i is at document position `pos + 1 + i` (a picture, a footnote mark or
// a line break inside it stands as one U+FFFC). Code blocks are never read; inside a paragraph,
// inline code, links, web addresses and e-mail addresses are never marked.
import type { Node as PmNode } from "@tiptap/pm/model";
import type { Problem } from "./types";

export interface Block {
  /** The paragraph node: while it is the same object, its text and its marks stand. */
  node: PmNode;
  /** Position of the paragraph node (its text starts at pos + 1). */
  pos: number;
  text: string;
  /** Spans of the text (start, end) where no problem is shown. */
  skip: [number, number][];
}

const OBJECT = "\uFFFC";
const NOT_PROSE = new Set(["code", "link"]);
const ADDRESS = /\b(?:https?:\/\/|www\.)\S+|[^\s@]+@[^\s@]+\.[^\s@]+/giu;

type BlockText = Pick<Block, "text" | "skip">;

// A paragraph's text is read once per node object: an edit makes new nodes only for the
// paragraph it touched (ProseMirror keeps the others), so a walk over a long document reads
// one paragraph after a keystroke.
const read = new WeakMap<PmNode, BlockText>();

function textOf(node: PmNode): BlockText {
  const known = read.get(node);
  if (known) return known;
  let text = "";
  const skip: [number, number][] = [];
  node.forEach((child) => {
    const start = text.length;
    text += child.isText ? (child.text ?? "") : OBJECT.repeat(child.nodeSize);
    if (child.marks.some((m) => NOT_PROSE.has(m.type.name))) skip.push([start, text.length]);
  });
  for (const m of text.matchAll(ADDRESS)) skip.push([m.index, m.index + m[0].length]);
  const found = { text, skip };
  read.set(node, found);
  return found;
}

/** Every paragraph-like block with text (headings, list items' and table cells' paragraphs), code blocks left out. */
export function proseBlocks(doc: PmNode): Block[] {
  const out: Block[] = [];
  doc.descendants((node, pos) => {
    if (node.type.spec.code) return false;
    if (node.isTextblock) {
      if (node.content.size > 0) out.push({ node, pos, ...textOf(node) });
      return false;
    }
    return true;
  });
  return out;
}

/** The problems to show: none inside a skipped span, none the writer put in the dictionary or ignored. */
export function shownProblems(
  block: Block,
  problems: Problem[],
  personal: { words: ReadonlySet<string>; ignored: ReadonlySet<string> },
): Problem[] {
  return problems.filter(
    (p) =>
      !block.skip.some(([from, to]) => p.start < to && p.end > from) &&
      !p.original.includes(OBJECT) &&
      !(problemClass(p.kind) === "spelling" && personal.words.has(p.original.toLowerCase())) &&
      !personal.ignored.has(ignoreKey(p.rule, p.original)),
  );
}

export const ignoreKey = (rule: string, text: string) => `${rule}\u0000${text}`;

/** Red for spelling, grey for matters of style, blue for grammar. */
export function problemClass(kind: string): "spelling" | "style" | "grammar" {
  if (kind === "Spelling" || kind === "Typo") return "spelling";
  if (["Style", "Enhancement", "Readability", "Redundancy", "WordChoice", "Regionalism", "Formatting", "Repetition"].includes(kind)) return "style";
  return "grammar";
}
