// The AI selection helper: quick AI actions for the current selection. Like the toolbar, each
// button reads the plan table (shared/plans.ts, through useAiPlan): a locked one shows a lock
// and names the plan it needs before it is pressed.
import type { Editor } from "@tiptap/react";
import { CheckCheck, FileText, Lock, RefreshCw, Sparkles, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import type { AiAction } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { toolHint } from "./access";
import type { AiActions } from "./actions";
import { usePendingSuggestion } from "./store";
import type { AiPlan } from "./use-ai-plan";
import { useEditorSelection } from "./use-editor-selection";

interface Props {
  editor: Editor | null;
  actions: AiActions;
  plan: AiPlan;
  onRewrite: () => void;
}

export function SelectionHelper({ editor, actions, plan, onRewrite }: Props) {
  const selection = useEditorSelection(editor);
  const pending = usePendingSuggestion();
  if (!editor || selection.empty || pending) return null;
  const keep = (e: React.MouseEvent) => e.preventDefault();
  const item = (label: string, action: AiAction, icon: ReactNode, onClick: () => void) => {
    const hint = toolHint(label, plan.access(action));
    return (
      <Button variant="ghost" size="sm" onMouseDown={keep} onClick={onClick} aria-label={hint.ariaLabel} title={hint.title}>
        {/* On a phone the icons alone, so the four fit the width (each keeps its name for screen readers and its title). */}
        {icon} <span className="max-sm:hidden">{label}</span>
        {hint.locked && <Lock aria-hidden="true" className="size-3 text-muted-foreground" />}
      </Button>
    );
  };
  return (
    <div
      role="toolbar"
      aria-label="AI selection helper"
      className="fixed bottom-[calc(1rem+var(--phone-bar-space,0px)+var(--table-menu-space,0px))] left-1/2 z-30 flex max-w-[calc(100vw-1rem)] -translate-x-1/2 items-center gap-1 rounded-full border bg-card px-2 py-1 text-card-foreground shadow-lg"
    >
      <Sparkles aria-hidden="true" className="mx-1 size-4 text-primary" />
      {item("Improve", "improve", <Wand2 aria-hidden="true" />, actions.improve)}
      {/* The dialog explains per style what the plan includes. */}
      {item("Rewrite", "rewrite", <RefreshCw aria-hidden="true" />, onRewrite)}
      {item("Fix grammar", "grammar", <CheckCheck aria-hidden="true" />, () => void actions.grammar())}
      {item("Summarize", "summarize", <FileText aria-hidden="true" />, actions.summarize)}
    </div>
  );
}
