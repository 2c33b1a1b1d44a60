// The AI selection helper: quick AI actions for the current selection.
import type { Editor } from "@tiptap/react";
import { CheckCheck, FileText, RefreshCw, Sparkles, Wand2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import type { AiActions } from "./actions";
import { usePendingSuggestion } from "./store";
import { useEditorSelection } from "./use-editor-selection";

export function SelectionHelper({ editor, actions, onRewrite }: { editor: Editor | null; actions: AiActions; onRewrite: () => void }) {
  const selection = useEditorSelection(editor);
  const pending = usePendingSuggestion();
  if (!editor || selection.empty || pending) return null;
  const keep = (e: React.MouseEvent) => e.preventDefault();
  return (
    <div
      role="toolbar"
      aria-label="AI selection helper"
      className="fixed bottom-4 left-1/2 z-30 flex -translate-x-1/2 items-center gap-1 rounded-full border bg-card px-2 py-1 text-card-foreground shadow-lg"
    >
      <Sparkles aria-hidden="true" className="mx-1 size-4 text-primary" />
      <Button variant="ghost" size="sm" onMouseDown={keep} onClick={actions.improve}>
        <Wand2 aria-hidden="true" /> Improve
      </Button>
      <Button variant="ghost" size="sm" onMouseDown={keep} onClick={onRewrite}>
        <RefreshCw aria-hidden="true" /> Rewrite
      </Button>
      <Button variant="ghost" size="sm" onMouseDown={keep} onClick={() => void actions.grammar()}>
        <CheckCheck aria-hidden="true" /> Fix grammar
      </Button>
      <Button variant="ghost" size="sm" onMouseDown={keep} onClick={actions.summarize}>
        <FileText aria-hidden="true" /> Summarize
      </Button>
    </div>
  );
}
