// The Markdown parser (markdown-it, about 40 KB gzip) is loaded on first need rather than with
// the editor: the editor route has a size budget (docs/PERFORMANCE.md), and only AI answers
// are parsed. src/client/features/ai/api.ts starts the load with every AI request, so the
// parser is ready by the time an answer is.
import type { JsonNode } from "./from-markdown.js";

type Parser = Pick<typeof import("./from-markdown.js"), "markdownToNodes" | "parseInline" | "isInlineAnswer">;

let parser: Parser | null = null;
let loading: Promise<unknown> | null = null;

/** Loads the parser once; a failed load (its code could not be fetched) is tried again next time. */
export function loadMarkdownParser(): Promise<void> {
  loading ??= import("./from-markdown.js").then(
    (m) => {
      parser = m;
    },
    () => {
      loading = null;
    },
  );
  return loading.then(() => {});
}

const lines = (text: string) => text.replace(/\s*\n\s*/g, " ");

/** Reads an answer as plain text, a paragraph per blank-line-separated block: for when the parser could not be loaded. */
export const plainTextParser: Parser = {
  markdownToNodes: (text) =>
    text
      .split(/\n\s*\n/)
      .map((block) => lines(block).trim())
      .filter(Boolean)
      .map((block): JsonNode => ({ type: "paragraph", content: [{ type: "text", text: block }] })),
  parseInline: (text) => (text ? [{ type: "text", text: lines(text) }] : []),
  isInlineAnswer: (nodes) => nodes.length <= 1,
};

/** The Markdown parser once loaded, else the plain-text reading. */
export function markdownParser(): Parser {
  return parser ?? plainTextParser;
}
