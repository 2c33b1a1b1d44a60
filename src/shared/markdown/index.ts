// Markdown in and out of the document schema: the export serializer, the light form the AI
// reads, and the parser that turns model answers into editor content (loaded on demand by
// load-parser.ts; import from-markdown.ts directly where its size does not matter).
export type { JsonMark, JsonNode } from "./from-markdown.js";
export { loadMarkdownParser, markdownParser } from "./load-parser.js";
export { docToPromptMarkdown } from "./prompt-markdown.js";
export { docToMarkdown, type MarkdownOptions } from "./to-markdown.js";
