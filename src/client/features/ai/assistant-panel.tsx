// The AI Writing Assistant panel: Generate Outline, Improve Writing, Summarize, Check
// Readability, Ask AI, and which engine answers. It never covers the text: on a wide screen it is a
// column beside the text (portalled into the editor's dock, ASSISTANT_DOCK_ID, so the text
// column narrows to make room); on a phone it is a bottom sheet the writer closes.
// Improve replaces text, so it needs a selection; the others use the whole document when
// nothing is selected, and the panel says so.
import { useQuery } from "@tanstack/react-query";
import type { Editor } from "@tiptap/react";
import { Bot, FileText, ListTree, Lock, MessageSquareText, Plug, Wand2, X } from "lucide-react";
import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import type { AiHealthResponse } from "../../../shared/contracts/ai";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { apiJson } from "../../lib/api";
import { type AiAction, aiPricingLines, PLANS, type PlanId } from "../../../shared/plans";
import { lockedLine, toolHint } from "./access";
import type { AiActions } from "./actions";
import { explainRefusal } from "./errors";
import type { AiPlan } from "./use-ai-plan";
import { ReadabilityView } from "./readability-view";
import { askAiDialog, assistantDock } from "./store";
import { useEditorSelection } from "./use-editor-selection";

/** The element of the editor page the panel docks into beside the text (editor-workspace.tsx). */
export const ASSISTANT_DOCK_ID = "ai-assistant-dock";

// Tailwind's `md`, where the editor's own side panel also moves beside the text.
const WIDE_QUERY = "(min-width: 768px)";
const subscribeWide = (onChange: () => void) => {
  const mq = window.matchMedia(WIDE_QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
};
const useWideScreen = () => useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE_QUERY).matches, () => true);

/** "Answers from …": the engine the server is configured with (GET /api/ai/health, public). */
function EngineNote() {
  const { data } = useQuery({
    queryKey: ["ai", "health"],
    queryFn: () => apiJson<AiHealthResponse>("GET", "/api/ai/health"),
    staleTime: 5 * 60_000,
  });
  if (!data) return null;
  return (
    <p data-testid="ai-engine" className="text-xs text-muted-foreground">
      {data.engine === "offline"
        ? "Answers from the built-in offline engine (free: it does not use your monthly AI tokens)."
        : `Answers from ${data.provider} · ${data.model} (uses your monthly AI tokens).`}
    </p>
  );
}

interface Props {
  editor: Editor | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: AiActions;
  plan: AiPlan;
}

/** A panel button for `action`: a lock and the plan it needs, or a plug and "needs a model", before it is pressed. */
function ToolButton(props: { label: string; action: AiAction; plan: AiPlan; icon: ReactNode; onClick: () => void }) {
  const hint = toolHint(props.label, props.plan.access(props.action));
  return (
    <Button
      variant="outline"
      className="justify-start"
      aria-label={hint.ariaLabel}
      title={hint.title}
      onMouseDown={(e) => e.preventDefault()}
      onClick={props.onClick}
    >
      {props.icon} {props.label}
      {hint.locked && <Lock aria-hidden="true" className="ml-auto size-3 text-muted-foreground" />}
      {hint.needsModel && <Plug aria-hidden="true" className="ml-auto size-3 text-muted-foreground" />}
    </Button>
  );
}

/** What the plan includes, from the plan table: "Your Gratis plan includes Basic AI: …. Needs Creator: Outline, …". */
function PlanNote({ plan }: { plan: AiPlan }) {
  if (!plan.loaded) return null;
  const locked = PANEL_ACTIONS.map((action) => ({ action, access: plan.access(action) })).filter((a) => a.access.kind === "plan");
  if (locked.length === 0) return null;
  return (
    <p data-testid="ai-plan-note" className="text-xs text-muted-foreground">
      Your {PLANS[plan.plan].name} plan includes {aiPricingLines(plan.plan).join("; ")}. {lockedLine(locked.map((l) => ({ action: l.action, plan: (l.access as { plan: PlanId }).plan })))}.
    </p>
  );
}

const PANEL_ACTIONS: AiAction[] = ["outline", "improve", "summarize", "ask"];

function PanelBody({ editor, actions, plan, onAction }: { editor: Editor | null; actions: AiActions; plan: AiPlan; onAction: () => void }) {
  const selection = useEditorSelection(editor);
  const [alert, setAlert] = useState<string | null>(null);
  const run = (action: () => void) => () => {
    setAlert(null);
    onAction();
    action();
  };
  return (
    <>
      <p data-testid="ai-scope" className="text-xs text-muted-foreground">
        {selection.empty
          ? "No text selected: the outline, the summary and the readability check use the whole document."
          : `${selection.text.length} characters selected.`}
      </p>
      <EngineNote />
      <PlanNote plan={plan} />
      <div className="flex flex-col gap-2">
        <ToolButton label="Generate Outline" action="outline" plan={plan} icon={<ListTree aria-hidden="true" />} onClick={run(actions.outline)} />
        <ToolButton
          label="Improve Writing"
          action="improve"
          plan={plan}
          icon={<Wand2 aria-hidden="true" />}
          // A locked Improve says which plan it needs (actions.improve), not that nothing is selected.
          onClick={() => (selection.empty && plan.access("improve").kind === "allowed" ? setAlert("Please select some text to improve") : run(actions.improve)())}
        />
        <ToolButton
          label={selection.empty ? "Summarize Document" : "Summarize Selection"}
          action="summarize"
          plan={plan}
          icon={<FileText aria-hidden="true" />}
          onClick={run(actions.summarize)}
        />
        <ToolButton
          label="Ask AI…"
          action="ask"
          plan={plan}
          icon={<MessageSquareText aria-hidden="true" />}
          onClick={run(() => (explainRefusal("ask", plan.access("ask")) ? askAiDialog.setOpen(true) : undefined))}
        />
      </div>
      <ReadabilityView editor={editor} />
      {alert && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-xs text-destructive">
          {alert}
        </p>
      )}
    </>
  );
}

export function AssistantPanel({ editor, open, onOpenChange, actions, plan }: Props) {
  const wide = useWideScreen();
  const docked = wide && open && !!document.getElementById(ASSISTANT_DOCK_ID);
  useEffect(() => {
    assistantDock.set(docked);
    return () => assistantDock.set(false);
  }, [docked]);
  if (!wide) {
    // A sheet over the lower part of the screen; an action closes it so its answer shows.
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent side="bottom" closeLabel="Close assistant" aria-describedby={undefined} className="gap-3">
          <SheetTitle className="flex items-center gap-2 pr-10 text-sm font-semibold">
            <Bot aria-hidden="true" className="size-4 text-primary" /> AI Writing Assistant
          </SheetTitle>
          <PanelBody editor={editor} actions={actions} plan={plan} onAction={() => onOpenChange(false)} />
        </SheetContent>
      </Sheet>
    );
  }
  if (!open) return null;
  const dock = document.getElementById(ASSISTANT_DOCK_ID);
  const panel = (
    <aside
      aria-label="AI Writing Assistant"
      className={
        dock
          ? "flex w-80 shrink-0 flex-col gap-3 overflow-y-auto border-l bg-card p-4 text-card-foreground"
          : // Without a dock (a page that has none) it floats at the side as before.
            "fixed top-24 right-4 z-30 flex w-72 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
      }
    >
      <header className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <Bot aria-hidden="true" className="size-4 text-primary" /> AI Writing Assistant
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close assistant" onClick={() => onOpenChange(false)}>
          <X aria-hidden="true" />
        </Button>
      </header>
      <PanelBody editor={editor} actions={actions} plan={plan} onAction={() => {}} />
    </aside>
  );
  return dock ? createPortal(panel, dock) : panel;
}
