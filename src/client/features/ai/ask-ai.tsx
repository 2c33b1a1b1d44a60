// "Ask AI": a free instruction ("make this friendlier for customers", "turn into a bulleted
// list") applied to the selection, or to the whole document when nothing is selected. The
// answer streams into the text as inline suggestions, like every other change. Without a
// language model the dialog says so and offers to connect one instead of a form.
import type { Editor } from "@tiptap/react";
import { MessageSquareText, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { AI_MAX_TEXT_CHARS } from "../../../shared/contracts/ai-catalog";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Textarea } from "../../components/ui/textarea";
import { AI_CONNECTION_SECTION, openSettings } from "../../lib/settings-link";
import { toast } from "../../lib/toast";
import { aiStream } from "./api";
import { getSelection, textBefore } from "./editor-text";
import { explainRefusal, toastAiError } from "./errors";
import { suggestionStore } from "./store";
import { useAiCapabilities } from "./use-ai-capabilities";
import type { AiPlan } from "./use-ai-plan";

const EXAMPLES = ["Make this friendlier for customers", "Turn into a bulleted list", "Make it shorter"];

interface Target {
  text: string;
  from: number;
  to: number;
  whole: boolean;
}

/** What the instruction works on: the selection, else every text block of the document. */
function targetOf(editor: Editor): Target | null {
  const sel = getSelection(editor);
  if (!sel.empty) return { text: sel.text, from: sel.from, to: sel.to, whole: false };
  const size = editor.state.doc.content.size;
  const text = editor.state.doc.textBetween(0, size, "\n\n", " ").trim();
  return text ? { text, from: 0, to: size, whole: true } : null;
}

/** Streams the answer to `instruction` over the target into the text as suggestions. */
export async function askAi(editor: Editor, target: Target, instruction: string): Promise<void> {
  const controller = suggestionStore.beginRequest();
  suggestionStore.set({ kind: "rewrite", label: "Ask AI", original: target.text, suggested: "", from: target.from, to: target.to, mode: "replace", status: "streaming" });
  try {
    const context = target.whole ? undefined : textBefore(editor, target.from, 4000) || undefined;
    const result = await aiStream(
      "ask",
      { text: target.text, instruction, context },
      (delta) => {
        const cur = suggestionStore.get();
        if (cur) suggestionStore.update({ suggested: cur.suggested + delta });
      },
      controller.signal,
    );
    if (!result.text.trim()) {
      suggestionStore.set(null);
      toast({ title: "Ask AI", description: "The AI returned an empty answer, so nothing was changed.", variant: "destructive" });
      return;
    }
    suggestionStore.update({ suggested: result.text, status: "ready", meta: result });
  } catch (err) {
    if (controller.signal.aborted) return;
    suggestionStore.set(null);
    toastAiError(err, "Ask AI failed.");
  }
}

interface Props {
  editor: Editor | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: AiPlan;
}

export function AskAiDialog({ editor, open, onOpenChange, plan }: Props) {
  const capabilities = useAiCapabilities();
  const [instruction, setInstruction] = useState("");
  const [target, setTarget] = useState<Target | null>(null);
  // The selection is taken when the dialog opens (focus leaves the editor afterwards).
  useEffect(() => {
    if (open && editor) setTarget(targetOf(editor));
  }, [open, editor]);

  const submit = () => {
    const text = instruction.trim();
    if (!editor || !text) return;
    if (!target) return toast({ title: "Nothing to work on", description: "The document is empty. Write something first." });
    if (!explainRefusal("ask", plan.access("ask"))) return;
    if (target.text.length > AI_MAX_TEXT_CHARS) {
      return toast({ title: "Too long for one request", description: "Select a part of the document and ask again.", variant: "destructive" });
    }
    onOpenChange(false);
    setInstruction("");
    void askAi(editor, target, text);
  };

  const scope = !target ? "The document is empty." : target.whole ? "On the whole document." : `On the selected text (${target.text.length.toLocaleString("en-US")} characters).`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" onCloseAutoFocus={(e) => {
        // Back to the text, where the answer lands.
        e.preventDefault();
        editor?.commands.focus();
      }}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MessageSquareText aria-hidden="true" className="size-4 text-primary" /> Ask AI
          </DialogTitle>
          <DialogDescription>{capabilities.model || !capabilities.loaded ? scope : "Ask AI needs a language model."}</DialogDescription>
        </DialogHeader>
        {capabilities.loaded && !capabilities.model ? (
          <div className="flex flex-col gap-3 text-sm">
            <p>Free instructions are carried out by a language model. Connect your own model (any OpenAI-compatible server) to use Ask AI.</p>
            <div className="flex justify-end">
              <Button
                onClick={() => {
                  onOpenChange(false);
                  openSettings(AI_CONNECTION_SECTION);
                }}
              >
                Connect a model
              </Button>
            </div>
          </div>
        ) : (
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Textarea
              aria-label="Instruction"
              placeholder="Tell the AI what to do with the text"
              value={instruction}
              onChange={(e) => setInstruction(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  submit();
                }
              }}
              rows={3}
              maxLength={2000}
              autoFocus
            />
            <div className="flex flex-wrap gap-1">
              {EXAMPLES.map((x) => (
                <Button key={x} type="button" variant="outline" size="sm" onClick={() => setInstruction(x)}>
                  {x}
                </Button>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">The answer appears in the text as suggestions to accept or reject.</p>
            <div className="flex justify-end">
              <Button type="submit" disabled={!instruction.trim()}>
                <Send aria-hidden="true" /> Ask
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
