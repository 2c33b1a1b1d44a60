// Spelling and grammar as you type (issue 35). Only this small component is in the editor's
// bundle: the plugin, the popover and the worker with its WebAssembly load when an editable
// editor opens for a writer who has the check on, never with the first paint.
export { GrammarCheck } from "./grammar-check";
