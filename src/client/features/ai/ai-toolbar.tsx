// The AI toolbar: Complete, Improve, Professional, Casual, Grammar, Summarize, Ask AI (Ctrl+J).
// Each button reads the plan table (shared/plans.ts aiAccess, through useAiPlan): one the plan
// lacks shows a lock and says, before it is pressed, which plan it needs; one that writes new
// text without a model shows a plug and says so. A line names the plans the locked ones need,
// with the way to the plans. The server gates by the same table.
// The actions load with the AI tools on first use (ai-tools-gate.ts): a press waits for them.
import type { Editor } from "@tiptap/react";
import { Briefcase, CheckCheck, Coffee, FileText, Lock, MessageSquareText, PenLine, Plug, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import type { AiAction, PlanId } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { openSettings, SUBSCRIPTION_SECTION } from "../../lib/settings-link";
import { toast } from "../../lib/toast";
import { lockedLine, toolHint } from "./access";
import type { AiActions } from "./actions";
import { whenAiTools } from "./ai-tools-gate";
import { askAiDialog } from "./store";
import { useAiPlan } from "./use-ai-plan";

/** The tools' download failed (offline): nothing ran. */
const notLoaded = () => toast({ title: "AI tools could not load", description: "Check the connection and try again.", variant: "destructive" });

export interface AiToolbarProps {
  editor: Editor | null;
}

interface Tool {
  label: string;
  action: AiAction;
  icon: ReactNode;
  run: (actions: AiActions) => unknown;
  hint?: string;
}

const TOOLS: Tool[] = [
  { label: "Complete", action: "complete", icon: <PenLine aria-hidden="true" />, run: (a) => a.complete(true) },
  { label: "Improve", action: "improve", icon: <Wand2 aria-hidden="true" />, run: (a) => a.improve() },
  { label: "Professional", action: "rewrite", icon: <Briefcase aria-hidden="true" />, run: (a) => a.rewrite("professional") },
  { label: "Casual", action: "rewrite", icon: <Coffee aria-hidden="true" />, run: (a) => a.rewrite("casual") },
  { label: "Grammar", action: "grammar", icon: <CheckCheck aria-hidden="true" />, run: (a) => a.grammar() },
  { label: "Summarize", action: "summarize", icon: <FileText aria-hidden="true" />, run: (a) => a.summarize() },
  { label: "Ask AI", action: "ask", icon: <MessageSquareText aria-hidden="true" />, run: () => askAiDialog.setOpen(true), hint: "Ask AI (Ctrl+J)" },
];

export function AiToolbar({ editor }: AiToolbarProps) {
  const plan = useAiPlan();
  const locked: { action: AiAction; plan: PlanId }[] = [];
  const buttons = TOOLS.map((tool) => {
    const access = plan.access(tool.action);
    if (access.kind === "plan") locked.push({ action: tool.action, plan: access.plan });
    const hint = toolHint(tool.label, access, tool.hint);
    const onClick = () => {
      whenAiTools().then((tools) => {
        const actions = tools.createAiActions(editor, plan);
        // Ask AI opens a dialog: refused here the same way the actions refuse.
        if (tool.action === "ask" && access.kind !== "allowed") return void import("./errors").then((m) => m.explainRefusal("ask", access));
        tool.run(actions);
      }, notLoaded);
    };
    return (
      <Button
        key={tool.label}
        variant="ghost"
        size="sm"
        onMouseDown={(e) => e.preventDefault() /* keep the editor's selection */}
        onClick={onClick}
        aria-label={hint.ariaLabel}
        title={hint.title}
      >
        {tool.icon}
        {tool.label}
        {hint.locked && <Lock aria-hidden="true" className="size-3 text-muted-foreground" />}
        {hint.needsModel && <Plug aria-hidden="true" className="size-3 text-muted-foreground" />}
      </Button>
    );
  });
  return (
    <div role="toolbar" aria-label="AI tools" className="flex flex-wrap items-center gap-1 rounded-md border bg-card p-1">
      {buttons}
      {plan.loaded && locked.length > 0 && (
        <p data-testid="ai-locked" className="w-full px-2 pb-1 text-xs text-muted-foreground">
          <Lock aria-hidden="true" className="mr-1 inline size-3 align-[-2px]" />
          {lockedLine(locked)}{" "}
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => openSettings(SUBSCRIPTION_SECTION)}>
            Upgrade
          </Button>
        </p>
      )}
    </div>
  );
}
