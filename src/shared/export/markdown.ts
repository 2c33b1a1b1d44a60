// The Markdown export lives with the rest of the Markdown code in src/shared/markdown/.
// The browser's export (src/client/features/export/run-export.ts) still loads it by this path.
export { docToMarkdown, type MarkdownOptions } from "../markdown/to-markdown.js";
