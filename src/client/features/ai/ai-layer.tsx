// Everything AI that floats over the editor: the assistant panel, the rewrite dialog, the
// suggestion card and the selection helper; it also runs commands from the toolbar, the
// slash menu and the shortcuts (Ctrl+K complete, Ctrl+R rewrite, Ctrl+/ assistant).
// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { createAiActions } from "./actions";
import { trackCursor } from "./editor-text";
import { SelectionHelper } from "./selection-helper";
import { suggestionStore, usePendingSuggestion } from "./store";
import type { AiCommand } from "./types";
import { useAiPlan } from "./use-ai-plan";

// The panel, the dialog and the card are loaded on first use, keeping them (and the select
// and markdown code they need) out of the editor's first paint.
const AssistantPanel = lazy(() => import("./assistant-panel").then((m) => ({ default: m.AssistantPanel })));
const RewriteDialog = lazy(() => import("./rewrite-dialog").then((m) => ({ default: m.RewriteDialog })));
const SuggestionCard = lazy(() => import("./suggestion-card").then((m) => ({ default: m.SuggestionCard })));

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
  const suggestionUsed = useOpenedOnce(usePendingSuggestion() !== null);

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
      {suggestionUsed && (
        <Suspense fallback={null}>
          <SuggestionCard editor={editor} />
        </Suspense>
      )}
      <SelectionHelper editor={editor} actions={actions} onRewrite={() => props.onRewriteOpenChange(true)} />
    </>
  );
}
