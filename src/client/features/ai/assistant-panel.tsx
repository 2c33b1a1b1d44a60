// The AI Writing Assistant panel: Generate Outline, Improve Writing, Summarize, Check
// Readability, Ask AI, and which engine answers. It never covers the text: on a wide screen it is a
// column beside the text (portalled into the editor's dock, ASSISTANT_DOCK_ID, so the text
// column narrows to make room); on a phone it is a bottom sheet the writer closes.
// Improve replaces text, so it needs a selection; the others use the whole document when
// nothing is selected, and the panel says so.
import { useQuery } from "@tanstack/react-query";
import type { Editor } from "@tiptap/react";
import { Bot, FileText, ListTree, MessageSquareText, Wand2, X } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import type { AiHealthResponse } from "../../../shared/contracts/ai";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { apiJson } from "../../lib/api";
import type { AiActions } from "./actions";
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
}

function PanelBody({ editor, actions, onAction }: { editor: Editor | null; actions: AiActions; onAction: () => void }) {
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
      <div className="flex flex-col gap-2">
        <Button variant="outline" className="justify-start" onMouseDown={(e) => e.preventDefault()} onClick={run(actions.outline)}>
          <ListTree aria-hidden="true" /> Generate Outline
        </Button>
        <Button
          variant="outline"
          className="justify-start"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => (selection.empty ? setAlert("Please select some text to improve") : run(actions.improve)())}
        >
          <Wand2 aria-hidden="true" /> Improve Writing
        </Button>
        <Button variant="outline" className="justify-start" onMouseDown={(e) => e.preventDefault()} onClick={run(actions.summarize)}>
          <FileText aria-hidden="true" /> {selection.empty ? "Summarize Document" : "Summarize Selection"}
        </Button>
        <Button variant="outline" className="justify-start" onMouseDown={(e) => e.preventDefault()} onClick={run(() => askAiDialog.setOpen(true))}>
          <MessageSquareText aria-hidden="true" /> Ask AI…
        </Button>
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

export function AssistantPanel({ editor, open, onOpenChange, actions }: Props) {
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
          <PanelBody editor={editor} actions={actions} onAction={() => onOpenChange(false)} />
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
      <PanelBody editor={editor} actions={actions} onAction={() => {}} />
    </aside>
  );
  return dock ? createPortal(panel, dock) : panel;
}
