// lowlight with its common grammars (about 37 languages): its own chunk, fetched the first
// time the editor shows a code block (code-highlight.ts), so opening a document without code
// costs nothing.
// The list of coloured languages and their names in the picker travel with it: the picker
// shows the block's own language until they arrive.
import { common, createLowlight } from "lowlight";
import "./code-colours.css";

export { COMMON_CODE_LANGUAGES, knownLanguage } from "../../../shared/editor/nodes/code-language-names";
export { LANGUAGE_LABELS } from "./code-language-labels";

export const createCodeLowlight = () => createLowlight(common);
