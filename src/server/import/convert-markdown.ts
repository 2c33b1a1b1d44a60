// Markdown → the document schema, for imports: the shared reader
// (src/shared/markdown/from-markdown.ts), with what it leaves out or changes counted in the
// import's notes, and an HTML <table> block (the form the Markdown export gives a table GFM
// cannot hold) read by the HTML import.
import { flatText } from "../../shared/export/inline.js";
import { type JsonNode, MARKDOWN_MAX_NESTING, markdownToNodes } from "../../shared/markdown/from-markdown.js";
import { htmlToNodes } from "./convert-html.js";
import type { ImportNode } from "./nodes.js";
import type { Notes } from "./notes.js";

export { MARKDOWN_MAX_NESTING };

/** Markdown → block nodes (the content of a `doc`). Empty paragraphs at the top level are dropped. */
export function markdownToImportNodes(markdown: string, notes: Notes): ImportNode[] {
  return markdownToNodes(markdown, {
    onNote: (kind) => notes.add(kind),
    footnotes: true,
    linkedImages: true,
    htmlTable: (html, deep) => {
      const { blocks } = htmlToNodes(html, notes);
      if (!deep) return blocks as JsonNode[];
      notes.add("flattened");
      const text = blocks.map((b) => flatText(b as never)).join("\n");
      return text ? [{ type: "paragraph", content: [{ type: "text", text: text.replace(/\n/g, " ") }] }] : [];
    },
  }) as ImportNode[];
}
