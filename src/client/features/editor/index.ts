// Public entry point of the editor feature; pages import only from here.
export { EditorWorkspace, type EditorDocumentSnapshot, type EditorWorkspaceProps } from "./editor-workspace";
export type { EditorAiCommand } from "./types";
export { useEditorPreferences } from "./use-editor-preferences";
export { useEditorDocument, type EditorDocumentState } from "./use-editor-document";
