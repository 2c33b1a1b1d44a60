// Inline suggestions: AI proposals marked in the document, decided change by change or all at once.
export { SuggestionBar } from "./suggestion-bar";
export { SuggestionPopover } from "./suggestion-popover";
export { useDocSuggestions } from "./use-doc-suggestions";
export { landsInline, useSuggestionStream } from "./use-suggestion-stream";
