// The AI toolbar: Complete, Improve, Professional, Casual, Grammar, Summarize, Ask AI (Ctrl+J).
// Locked features show a lock and an "Upgrade for AI features" hint; the server gates too.
// Complete writes new text, which only a language model does: without one it says so (a plug
// and its title), and pressing it offers to connect one (actions.ts → errors.ts).
// The actions load with the AI tools on first use (ai-tools-gate.ts): a press waits for them.
import type { Editor } from "@tiptap/react";
import { Briefcase, CheckCheck, Coffee, FileText, Lock, MessageSquareText, PenLine, Plug, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast";
import type { AiActions } from "./actions";
import { whenAiTools } from "./ai-tools-gate";
import { askAiDialog } from "./store";
import { useAiCapabilities } from "./use-ai-capabilities";
import { useAiPlan } from "./use-ai-plan";

/** The tools' download failed (offline): nothing ran. */
const notLoaded = () => toast({ title: "AI tools could not load", description: "Check the connection and try again.", variant: "destructive" });

export interface AiToolbarProps {
  editor: Editor | null;
}

export function AiToolbar({ editor }: AiToolbarProps) {
  const plan = useAiPlan();
  const run = (act: (actions: AiActions) => unknown) => () => {
    whenAiTools().then((tools) => act(tools.createAiActions(editor, plan)), notLoaded);
  };
  const capabilities = useAiCapabilities();
  const item = (label: string, icon: ReactNode, onClick: () => void, locked: boolean, hint = label, needsModel = false) => (
    <Button
      key={label}
      variant="ghost"
      size="sm"
      onMouseDown={(e) => e.preventDefault() /* keep the editor's selection */}
      onClick={onClick}
      aria-label={locked ? `${label} (locked)` : needsModel ? `${label} (needs a language model)` : label}
      title={locked ? "Upgrade for AI features" : needsModel ? "Needs a language model: connect one in Settings" : hint}
    >
      {icon}
      {label}
      {locked && <Lock aria-hidden="true" className="size-3 text-muted-foreground" />}
      {!locked && needsModel && <Plug aria-hidden="true" className="size-3 text-muted-foreground" />}
    </Button>
  );
  const locked = !plan.canUseAi;
  const noModel = capabilities.loaded && !capabilities.model;
  return (
    <div role="toolbar" aria-label="AI tools" className="flex flex-wrap items-center gap-1 rounded-md border bg-card p-1">
      {item("Complete", <PenLine aria-hidden="true" />, run((a) => a.complete(true)), locked, "Complete", noModel)}
      {item("Improve", <Wand2 aria-hidden="true" />, run((a) => a.improve()), locked)}
      {item("Professional", <Briefcase aria-hidden="true" />, run((a) => a.rewrite("professional")), locked)}
      {item("Casual", <Coffee aria-hidden="true" />, run((a) => a.rewrite("casual")), locked)}
      {item("Grammar", <CheckCheck aria-hidden="true" />, run((a) => a.grammar()), locked)}
      {item("Summarize", <FileText aria-hidden="true" />, run((a) => a.summarize()), !plan.canSummarize)}
      {item("Ask AI", <MessageSquareText aria-hidden="true" />, () => (locked ? void import("./errors").then((m) => m.toastUpgrade("ai"), notLoaded) : askAiDialog.setOpen(true)), locked, "Ask AI (Ctrl+J)")}
      {plan.loaded && locked && <span className="px-2 text-xs text-muted-foreground">Upgrade for AI features</span>}
    </div>
  );
}
