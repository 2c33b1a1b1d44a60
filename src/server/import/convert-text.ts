// Plain text and Markdown → the document schema. Text: a paragraph per run of lines between
// blank lines, each line break kept. Markdown goes through the shared reader
// (src/shared/markdown/from-markdown.ts), which leaves images and tables as their source
// text; they are counted here so the result can say so.
import { markdownToNodes } from "../../shared/markdown/from-markdown.js";
import type { Converted, ImportNode } from "./nodes.js";
import type { Notes } from "./notes.js";

export function textToNodes(text: string): Converted {
  const blocks: ImportNode[] = [];
  for (const chunk of text.split(/\n[ \t]*\n/)) {
    const lines = chunk.split("\n").map((l) => l.replace(/\s+$/, ""));
    while (lines.length && !lines[0]) lines.shift();
    while (lines.length && !lines.at(-1)) lines.pop();
    if (!lines.length) continue;
    const content: ImportNode[] = [];
    lines.forEach((line, i) => {
      if (i > 0) content.push({ type: "hardBreak" });
      if (line) content.push({ type: "text", text: line });
    });
    blocks.push({ type: "paragraph", content });
  }
  return { blocks };
}

const IMAGE = /!\[[^\]\n]*\]\([^)\n]*\)/g;
// A table's delimiter row: | --- | :---: |
const TABLE_DELIMITER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/gm;

// A line opened by 40 or more quote or list markers: the reader stops at MAX_NESTING (40) and
// leaves that text out, so the result says so.
const TOO_DEEP = /^(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t])){40}/m;

export function markdownToImport(markdown: string, notes: Notes): Converted {
  if (TOO_DEEP.test(markdown)) notes.add("tooDeep");
  notes.add("image", markdown.match(IMAGE)?.length ?? 0);
  notes.add("table", markdown.match(TABLE_DELIMITER)?.length ?? 0);
  return { blocks: markdownToNodes(markdown) as ImportNode[] };
}
