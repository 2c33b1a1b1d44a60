// Ghost-text completion in the editor.
export { InlineCompletion, INLINE_COMPLETION_DELAY_MS } from "./inline-completion";
