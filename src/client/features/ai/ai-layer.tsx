// Everything AI that floats over the editor. What must act from the start stays here: the
// Ctrl+J / Cmd+J shortcut of Ask AI, the document the suggestions belong to and the list of
// suggestions already in the document. The rest (ai-tools.tsx: commands from the toolbar, the
// slash menu and the shortcuts, the suggestion stream, bar and popover, the dialogs, the
// selection helper) loads on first use: the editor's first focus or selection, a command, an
// open request, a pending proposal or a suggestion in the document.
// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import { useEffect } from "react";
import { lastFailure, loadAiTools, retryAiTools, setAiToolsMounted, useAiTools, wantAiTools } from "./ai-tools-gate";
import { toast } from "../../lib/toast";
import { useDocSuggestions } from "./inline-suggestions/use-doc-suggestions";
import { askAiDialog, suggestionStore, useAskAiOpen, usePendingSuggestion } from "./store";
import type { AiCommand } from "./types";

/** Ctrl+J / Cmd+J opens Ask AI, the AI Assist shortcut (as in Notion): Ctrl+K is a link, Ctrl+Shift+K the palette, Ctrl+R rewrites. */
const isAskAiShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "j";

export interface AiLayerProps {
  editor: Editor | null;
  documentId: string;
  /** The latest command; `nonce` changes on every request so repeating a command re-runs it. */
  command: { name: AiCommand; nonce: number } | null;
  assistantOpen: boolean;
  onAssistantOpenChange: (open: boolean) => void;
  rewriteOpen: boolean;
  onRewriteOpenChange: (open: boolean) => void;
  /** False for readers who change no text: no shortcut, dialogs or selection helper, only the suggestions already in the text. */
  tools?: boolean;
}

export function AiLayer(props: AiLayerProps) {
  const { editor, documentId, tools: toolsAllowed = true } = props;
  const askOpen = useAskAiOpen();
  const pending = usePendingSuggestion();
  const inDocument = useDocSuggestions(editor);
  const tools = useAiTools();
  const asked = props.command !== null || props.assistantOpen || props.rewriteOpen || askOpen || pending !== null || inDocument.length > 0;
  useEffect(() => {
    if (!asked) return;
    wantAiTools();
    // Offline, the download waits for the connection.
    window.addEventListener("online", retryAiTools);
    return () => window.removeEventListener("online", retryAiTools);
  }, [asked]);

  // A command whose tools could not load (offline) says so, and does not run once they can.
  const command = props.command && props.command.nonce > lastFailure() ? props.command : null;
  useEffect(() => {
    if (!command) return;
    loadAiTools().catch(() =>
      toast({ title: "AI tools could not load", description: "Check the connection and try again.", variant: "destructive" }),
    );
  }, [command]);

  // The writer about to work with the text: load the tools while they place the cursor.
  useEffect(() => {
    if (!editor) return;
    if (editor.isFocused || !editor.state.selection.empty) return wantAiTools();
    const onFocus = () => wantAiTools();
    const onSelection = () => {
      if (!editor.state.selection.empty) wantAiTools();
    };
    editor.on("focus", onFocus);
    editor.on("selectionUpdate", onSelection);
    return () => {
      editor.off("focus", onFocus);
      editor.off("selectionUpdate", onSelection);
    };
  }, [editor]);

  useEffect(() => {
    if (!toolsAllowed) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isAskAiShortcut(e)) return;
      e.preventDefault();
      e.stopPropagation();
      askAiDialog.setOpen(true);
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      askAiDialog.setOpen(false);
    };
  }, [toolsAllowed]);

  useEffect(() => {
    suggestionStore.setDocumentId(documentId);
    return () => {
      suggestionStore.cancel();
      suggestionStore.setDocumentId(null);
    };
  }, [documentId]);

  // Mounted once downloaded (not through React.lazy, whose failed download offline would take
  // the editor down with it). Nothing holds their place: every part floats over the editor.
  if (!tools) return null;
  const { AiTools } = tools;
  return (
    <AiTools
      editor={editor}
      command={command}
      assistantOpen={props.assistantOpen}
      onAssistantOpenChange={props.onAssistantOpenChange}
      rewriteOpen={props.rewriteOpen}
      onRewriteOpenChange={props.onRewriteOpenChange}
      askOpen={askOpen}
      inDocument={inDocument}
      onListening={setAiToolsMounted}
      tools={toolsAllowed}
    />
  );
}
