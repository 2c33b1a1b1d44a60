// lowlight with its common grammars (about 37 languages): its own chunk, fetched the first
// time the editor shows a code block (code-highlight.ts), so opening a document without code
// costs nothing.
import { common, createLowlight } from "lowlight";

export const createCodeLowlight = () => createLowlight(common);
