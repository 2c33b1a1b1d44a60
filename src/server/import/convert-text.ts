// Plain text and Markdown → the document schema. Text: a paragraph per run of lines between
// blank lines, each line break kept. Markdown goes through convert-markdown.ts, which leaves
// images and tables as their source text; they are counted so the result can say so.
// Every pattern here is run on one line at a time and cannot backtrack across lines: a
// pattern over the whole file (a table row's /^\s*…/m) took minutes on a few thousand
// blank lines.
import { markdownToImportNodes } from "./convert-markdown.js";
import type { Converted, ImportNode } from "./nodes.js";
import type { Notes } from "./notes.js";

export function textToNodes(text: string): Converted {
  const blocks: ImportNode[] = [];
  for (const chunk of text.split(/\n[ \t]*\n/)) {
    const lines = chunk.split("\n").map((l) => l.trimEnd());
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

// A table's delimiter row, tested on one line: | --- | :---: |
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$/;
const tableCount = (markdown: string) => {
  let n = 0;
  for (const line of markdown.split("\n")) if (line.length < 10_000 && line.includes("|") && TABLE_DELIMITER.test(line)) n++;
  return n;
};

// A line opened by 40 or more quote or list markers: the reader stops at MAX_NESTING (40) and
// leaves that text out, so the result says so.
const TOO_DEEP = /^(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t])){40}/m;

export function markdownToImport(markdown: string, notes: Notes): Converted {
  if (TOO_DEEP.test(markdown)) notes.add("tooDeep");
  notes.add("table", tableCount(markdown));
  return { blocks: markdownToImportNodes(markdown, notes) };
}
