// Everything AI that floats over the editor: the assistant panel, the rewrite dialog, the
// suggestion card and the selection helper; it also runs commands from the toolbar, the
// slash menu and the shortcuts (Ctrl+K complete, Ctrl+R rewrite, Ctrl+/ assistant).
// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import { useEffect, useRef } from "react";
import { createAiActions } from "./actions";
import { AssistantPanel } from "./assistant-panel";
import { RewriteDialog } from "./rewrite-dialog";
import { SelectionHelper } from "./selection-helper";
import { suggestionStore } from "./store";
import { SuggestionCard } from "./suggestion-card";
import type { AiCommand } from "./types";
import { useAiPlan } from "./use-ai-plan";

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

  useEffect(() => {
    suggestionStore.setDocumentId(documentId);
    return () => {
      suggestionStore.cancel();
      suggestionStore.setDocumentId(null);
    };
  }, [documentId]);

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
      <AssistantPanel editor={editor} open={props.assistantOpen} onOpenChange={props.onAssistantOpenChange} actions={actions} />
      <RewriteDialog editor={editor} open={props.rewriteOpen} onOpenChange={props.onRewriteOpenChange} plan={plan} />
      <SuggestionCard editor={editor} />
      <SelectionHelper editor={editor} actions={actions} onRewrite={() => props.onRewriteOpenChange(true)} />
    </>
  );
}
