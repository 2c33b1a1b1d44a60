// Public entry point of the import feature; pages import only from here.
export { ImportDropZone } from "./import-drop-zone";
