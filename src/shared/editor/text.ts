// Plain text and the derived stats from a document tree, without
// an editor instance: used by the server (text_content, AI) and the client's counters.
import { WORDS_PER_MINUTE } from "../limits.js";
import type { DocNode } from "./schema.js";

const BLOCKS = new Set(["paragraph", "heading", "blockquote", "codeBlock", "listItem", "bulletList", "orderedList", "horizontalRule"]);

/** Text of the document with a newline between blocks. */
export function docToPlainText(doc: DocNode | null | undefined): string {
  if (!doc) return "";
  const out: string[] = [];
  const walk = (node: DocNode) => {
    if (node.type === "text") out.push(node.text ?? "");
    else if (node.type === "hardBreak") out.push("\n");
    for (const child of node.content ?? []) walk(child);
    if (BLOCKS.has(node.type) && out.length && !out[out.length - 1]!.endsWith("\n")) out.push("\n");
  };
  walk(doc);
  return out.join("").replace(/\n{2,}/g, "\n").trim();
}

export function countWords(text: string): number {
  const words = text.trim().match(/\S+/g);
  return words ? words.length : 0;
}

/** Reading time in minutes: words / 200, rounded up, at least 1. */
export function readingTimeMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
