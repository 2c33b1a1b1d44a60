// The AI Writing Assistant floating panel (spec §2): Generate Outline, Improve Writing,
// Summarize Text. The last two need selected text and say so inline when there is none.
import type { Editor } from "@tiptap/react";
import { Bot, FileText, ListTree, Wand2, X } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import type { AiActions } from "./actions";
import { ReadabilityView } from "./readability-view";
import { useEditorSelection } from "./use-editor-selection";

interface Props {
  editor: Editor | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: AiActions;
}

export function AssistantPanel({ editor, open, onOpenChange, actions }: Props) {
  const selection = useEditorSelection(editor);
  const [alert, setAlert] = useState<string | null>(null);
  if (!open) return null;

  const needsSelection = (verb: string, run: () => void) => () => {
    if (selection.empty) {
      setAlert(`Please select some text to ${verb}`);
      return;
    }
    setAlert(null);
    run();
  };

  return (
    <aside
      aria-label="AI Writing Assistant"
      className="fixed top-24 right-4 z-30 flex w-72 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
    >
      <header className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <Bot aria-hidden="true" className="size-4 text-primary" /> AI Writing Assistant
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close assistant" onClick={() => onOpenChange(false)}>
          <X aria-hidden="true" />
        </Button>
      </header>
      <p className="text-xs text-muted-foreground">
        {selection.empty ? "No text selected: the outline uses the whole document." : `${selection.text.length} characters selected.`}
      </p>
      <div className="flex flex-col gap-2">
        <Button
          variant="outline"
          className="justify-start"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setAlert(null);
            actions.outline();
          }}
        >
          <ListTree aria-hidden="true" /> Generate Outline
        </Button>
        <Button variant="outline" className="justify-start" onMouseDown={(e) => e.preventDefault()} onClick={needsSelection("improve", actions.improve)}>
          <Wand2 aria-hidden="true" /> Improve Writing
        </Button>
        <Button variant="outline" className="justify-start" onMouseDown={(e) => e.preventDefault()} onClick={needsSelection("summarize", actions.summarize)}>
          <FileText aria-hidden="true" /> Summarize Text
        </Button>
      </div>
      <ReadabilityView editor={editor} />
      {alert && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-xs text-destructive">
          {alert}
        </p>
      )}
    </aside>
  );
}
