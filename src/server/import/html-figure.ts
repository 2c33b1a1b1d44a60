// A <figure> in an imported HTML file. The app's own HTML export writes a picture with its
// caption as <figure><img><figcaption>, and so do most sites: such a figure is one picture
// whose caption is an attribute (src/shared/editor/nodes/image.ts), not a paragraph below it.
// The streaming reader (convert-html.ts) reads the figure's parts as usual and, when the
// figure closes, hands what it added here: one picture plus the caption's paragraphs become
// that picture with its caption; anything else (two pictures, a quote, a table, a caption
// with a link or a footnote, which plain text would lose) stays as it was read.
import { MAX_CAPTION_LENGTH } from "../../shared/editor/nodes/image.js";
import type { ImportNode } from "./nodes.js";

/** Where a figure's parts went: the block it was read into, from which index, and its caption's nodes. */
export interface FigureState {
  parent: ImportNode;
  start: number;
  captionStart: number;
  captionEnd: number;
  /** <figcaption> elements met in the figure (only a figure with exactly one is joined). */
  captions: number;
}

/** The caption's text when every node is a paragraph of plain or formatted text (null otherwise). */
function captionText(nodes: ImportNode[]): string | null {
  const lines: string[] = [];
  for (const node of nodes) {
    if (node.type !== "paragraph") return null;
    let line = "";
    for (const inline of node.content ?? []) {
      if (inline.type === "hardBreak") line += " ";
      else if (inline.type === "text" && !inline.marks?.some((m) => m.type === "link")) line += inline.text ?? "";
      else return null;
    }
    lines.push(line);
  }
  return lines.join(" ").replace(/\s+/g, " ").trim();
}

/** Joins a closed figure's caption to its one picture, in place; false when the figure holds something else. */
export function joinFigureCaption(figure: FigureState): boolean {
  const content = figure.parent.content ?? [];
  if (figure.captions !== 1 || figure.captionStart < figure.start || figure.captionEnd < figure.captionStart || figure.captionEnd > content.length) return false;
  const caption = content.slice(figure.captionStart, figure.captionEnd);
  const rest = [...content.slice(figure.start, figure.captionStart), ...content.slice(figure.captionEnd)];
  const picture = rest[0];
  if (rest.length !== 1 || picture?.type !== "image") return false;
  const text = captionText(caption);
  if (text === null || text.length > MAX_CAPTION_LENGTH) return false;
  if (text) picture.attrs = { ...picture.attrs, caption: text };
  content.splice(figure.captionStart, figure.captionEnd - figure.captionStart);
  return true;
}
