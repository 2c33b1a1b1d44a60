// Everything AI that floats over the editor: the assistant panel, the rewrite dialog, the
// suggestion card and the selection helper; it also runs commands from the toolbar, the
// slash menu and the shortcuts (Ctrl+K complete, Ctrl+R rewrite, Ctrl+/ assistant, Ctrl+J Ask
// AI). Proposals that replace text land in the document as inline suggestions, with their bar
// and popover here too.
// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { createAiActions } from "./actions";
import { landsInline, SuggestionBar, SuggestionPopover, useDocSuggestions, useSuggestionStream } from "./inline-suggestions";
import { trackCursor } from "./editor-text";
import { SelectionHelper } from "./selection-helper";
import { askAiDialog, suggestionStore, useAskAiOpen, usePendingSuggestion } from "./store";
import type { AiCommand } from "./types";
import { useAiPlan } from "./use-ai-plan";

// The panel, the dialog and the card are loaded on first use, keeping them (and the select
// and markdown code they need) out of the editor's first paint.
const AssistantPanel = lazy(() => import("./assistant-panel").then((m) => ({ default: m.AssistantPanel })));
const RewriteDialog = lazy(() => import("./rewrite-dialog").then((m) => ({ default: m.RewriteDialog })));
const SuggestionCard = lazy(() => import("./suggestion-card").then((m) => ({ default: m.SuggestionCard })));
const AskAiDialog = lazy(() => import("./ask-ai").then((m) => ({ default: m.AskAiDialog })));

/** Ctrl+J / Cmd+J opens Ask AI: free in the editor (Ctrl+K continues, Ctrl+Shift+K is the palette, Ctrl+R rewrites). */
const isAskAiShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "j";

/** True from the first time `open` is true on: a part once shown stays mounted (its state and close animation). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export interface AiLayerProps {
  editor: Editor | null;
  documentId: string;
  /** The latest command; `nonce` changes on every request so repeating a command re-runs it. */
  command: { name: AiCommand; nonce: number } | null;
  assistantOpen: boolean;
  onAssistantOpenChange: (open: boolean) => void;
  rewriteOpen: boolean;
  onRewriteOpenChange: (open: boolean) => void;
}

export function AiLayer(props: AiLayerProps) {
  const { editor, documentId, command } = props;
  const plan = useAiPlan();
  const actions = createAiActions(editor, plan);
  const assistantUsed = useOpenedOnce(props.assistantOpen);
  const rewriteUsed = useOpenedOnce(props.rewriteOpen);
  const pending = usePendingSuggestion();
  // Proposals that replace text land in the document as suggestions; the card shows the others.
  const suggestionUsed = useOpenedOnce(pending !== null && !landsInline(pending));
  useSuggestionStream(editor);
  const inDocument = useDocSuggestions(editor);
  const editable = !!editor && editor.isEditable;
  const askOpen = useAskAiOpen();
  const askUsed = useOpenedOnce(askOpen);

  useEffect(() => {
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
  }, []);

  useEffect(() => {
    suggestionStore.setDocumentId(documentId);
    return () => {
      suggestionStore.cancel();
      suggestionStore.setDocumentId(null);
    };
  }, [documentId]);

  // Whether the writer has put the cursor somewhere decides where "continue" writes.
  useEffect(() => (editor ? trackCursor(editor) : undefined), [editor]);

  // Run each command once per nonce, with the latest actions.
  const latest = useRef({ actions, props });
  latest.current = { actions, props };
  const lastNonce = useRef<number | null>(null);
  useEffect(() => {
    if (!command || command.nonce === lastNonce.current) return;
    lastNonce.current = command.nonce;
    const { actions: a, props: p } = latest.current;
    switch (command.name) {
      case "complete":
        return void a.complete();
      case "improve":
        return a.improve();
      case "grammar":
        return void a.grammar();
      case "summarize":
        return a.summarize();
      case "outline":
        return a.outline();
      case "rewrite":
        return p.onRewriteOpenChange(true);
      case "assistant":
        return p.onAssistantOpenChange(true);
    }
  }, [command]);

  return (
    <>
      {assistantUsed && (
        <Suspense fallback={null}>
          <AssistantPanel editor={editor} open={props.assistantOpen} onOpenChange={props.onAssistantOpenChange} actions={actions} />
        </Suspense>
      )}
      {rewriteUsed && (
        <Suspense fallback={null}>
          <RewriteDialog editor={editor} open={props.rewriteOpen} onOpenChange={props.onRewriteOpenChange} plan={plan} />
        </Suspense>
      )}
      {askUsed && (
        <Suspense fallback={null}>
          <AskAiDialog editor={editor} open={askOpen} onOpenChange={askAiDialog.setOpen} plan={plan} />
        </Suspense>
      )}
      {suggestionUsed && (
        <Suspense fallback={null}>
          <SuggestionCard editor={editor} />
        </Suspense>
      )}
      <SuggestionBar editor={editor} changes={inDocument} editable={editable} />
      <SuggestionPopover editor={editor} changes={inDocument} editable={editable} />
      {inDocument.length === 0 && <SelectionHelper editor={editor} actions={actions} onRewrite={() => props.onRewriteOpenChange(true)} />}
    </>
  );
}
