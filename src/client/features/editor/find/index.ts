// Find and replace in the editor: the extension goes into the editor's extensions, the bar
// and its control into the workspace.
export { FindExtension } from "./find-extension";
export { FindBar } from "./find-bar";
export { type FindBarControl, useFindBar } from "./use-find-bar";
