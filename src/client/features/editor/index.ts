// Public entry point of the editor feature; pages import only from here.
export { EditorWorkspace } from "./editor-workspace";
export type { EditorAiCommand } from "./types";
export { useEditorPreferences } from "./use-editor-preferences";
export { useEditorDocument } from "./use-editor-document";
