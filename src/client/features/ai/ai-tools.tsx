// The AI parts that act on a command, a click or a selection, loaded on first use by the AI
// layer (ai-tools-gate.ts): runs commands from the toolbar, the slash menu and the shortcuts
// (Ctrl+R rewrite, Ctrl+/ assistant, the palette's Ask AI), lands "replace" proposals in the
// document as inline suggestions with their bar and popover, and holds the assistant panel,
// the rewrite dialog, Ask AI, the suggestion card and the selection helper.
import type { Editor } from "@tiptap/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { createAiActions } from "./actions";
import { trackCursor } from "./editor-text";
import { landsInline, SuggestionBar, SuggestionPopover, useSuggestionStream } from "./inline-suggestions";
import type { SuggestionChange } from "./inline-suggestions/read";
import { SelectionHelper } from "./selection-helper";
import { askAiDialog, usePendingSuggestion } from "./store";
import type { AiCommand } from "./types";
import { useAiPlan } from "./use-ai-plan";
import { lazyPart } from "../../lib/lazy-part";

export { createAiActions } from "./actions";

// The panel, the dialogs and the card load when first shown (with the select and markdown
// code they need).
const AssistantPanel = lazyPart(() => import("./assistant-panel").then((m) => ({ default: m.AssistantPanel })));
const RewriteDialog = lazyPart(() => import("./rewrite-dialog").then((m) => ({ default: m.RewriteDialog })));
const SuggestionCard = lazyPart(() => import("./suggestion-card").then((m) => ({ default: m.SuggestionCard })));
const AskAiDialog = lazyPart(() => import("./ask-ai").then((m) => ({ default: m.AskAiDialog })));

/** True from the first time `open` is true on: a part once shown stays mounted (its state and close animation). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export interface AiToolsProps {
  editor: Editor | null;
  /** The latest command; `nonce` changes on every request so repeating a command re-runs it. */
  command: { name: AiCommand; nonce: number } | null;
  assistantOpen: boolean;
  onAssistantOpenChange: (open: boolean) => void;
  rewriteOpen: boolean;
  onRewriteOpenChange: (open: boolean) => void;
  askOpen: boolean;
  /** The suggestions now in the document (read by the layer, which stays from the start). */
  inDocument: SuggestionChange[];
  /** Told when the tools listen to the suggestion store (true) and stop (false). */
  onListening: (listening: boolean) => void;
  /** False for readers who change no text: only the suggestions already in the text are shown. */
  tools?: boolean;
}

export function AiTools(props: AiToolsProps) {
  const { editor, command, inDocument, onListening, tools = true } = props;
  const plan = useAiPlan();
  const actions = createAiActions(editor, plan);
  const assistantUsed = useOpenedOnce(props.assistantOpen);
  const rewriteUsed = useOpenedOnce(props.rewriteOpen);
  const pending = usePendingSuggestion();
  // Proposals that replace text land in the document as suggestions; the card shows the others.
  const suggestionUsed = useOpenedOnce(pending !== null && !landsInline(pending));
  useSuggestionStream(editor);
  const editable = !!editor && editor.isEditable;
  const askUsed = useOpenedOnce(props.askOpen);

  // Whether the writer has put the cursor somewhere decides where "continue" writes. The
  // layer loads these tools on the editor's first focus, so the editor is focused still.
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
      case "ask":
        return askAiDialog.setOpen(true);
    }
  }, [command]);

  // Last: by now the suggestion stream listens to the store, so actions may start.
  useEffect(() => {
    if (!editor) return;
    onListening(true);
    return () => onListening(false);
  }, [editor, onListening]);

  return (
    <>
      {tools && assistantUsed && (
        <Suspense fallback={null}>
          <AssistantPanel editor={editor} open={props.assistantOpen} onOpenChange={props.onAssistantOpenChange} actions={actions} plan={plan} />
        </Suspense>
      )}
      {tools && rewriteUsed && (
        <Suspense fallback={null}>
          <RewriteDialog editor={editor} open={props.rewriteOpen} onOpenChange={props.onRewriteOpenChange} plan={plan} />
        </Suspense>
      )}
      {tools && askUsed && (
        <Suspense fallback={null}>
          <AskAiDialog editor={editor} open={props.askOpen} onOpenChange={askAiDialog.setOpen} plan={plan} />
        </Suspense>
      )}
      {suggestionUsed && (
        <Suspense fallback={null}>
          <SuggestionCard editor={editor} />
        </Suspense>
      )}
      <SuggestionBar editor={editor} changes={inDocument} editable={editable} />
      <SuggestionPopover editor={editor} changes={inDocument} editable={editable} />
      {tools && inDocument.length === 0 && <SelectionHelper editor={editor} actions={actions} plan={plan} onRewrite={() => props.onRewriteOpenChange(true)} />}
    </>
  );
}
