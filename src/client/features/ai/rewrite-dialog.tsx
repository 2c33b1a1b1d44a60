// The AI Content Rewriting dialog: Writing Styles and Tone Adjustment tabs,
// the selected text, a result pane that fills as the answer streams, Copy, Replace and
// Alternative Suggestions. Replace puts the result in the text as inline suggestions.
import type { Editor } from "@tiptap/react";
import { Copy, Lock, Plug, Replace } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  type AlternativesResponse,
  REWRITE_STYLES,
  type RewriteStyleId,
  TONES,
  type ToneId,
} from "../../../shared/contracts/ai";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";
import { aiPost, aiStream, type StreamResult } from "./api";
import { getSelection, rangeStillHolds, type SelectionInfo } from "./editor-text";
import type { AiAction } from "../../../shared/plans";
import { toolHint } from "./access";
import { explainRefusal, toastAiError } from "./errors";
import { engineLabel, suggestionStore } from "./store";
import { STYLE_ICONS } from "./style-icons";
import type { AiPlan } from "./use-ai-plan";

interface Props {
  editor: Editor | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: AiPlan;
}

/** The plan table's row for a style or tone: Expand writes new text and has its own. */
const actionOf = (kind: "style" | "tone", id: string): AiAction => (kind === "tone" ? "tone" : id === "expand" ? "expand" : "rewrite");

/** The answer is the selected text itself (the built-in engine found nothing to change for that style). */
export const isUnchanged = (original: string, result: string) => result.trim() === original.trim();

export function RewriteDialog({ editor, open, onOpenChange, plan }: Props) {
  const [selection, setSelection] = useState<SelectionInfo | null>(null);
  const [result, setResult] = useState("");
  const [meta, setMeta] = useState<StreamResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [alternatives, setAlternatives] = useState<string[]>([]);
  const abortRef = useRef<AbortController | null>(null);

  // Capture the selection when the dialog opens (focus leaves the editor afterwards).
  useEffect(() => {
    if (open) {
      setSelection(getSelection(editor));
      setResult("");
      setMeta(null);
      setAlternatives([]);
    } else abortRef.current?.abort();
  }, [open, editor]);

  const text = selection?.text ?? "";
  // An answer that changes nothing is no result: said so, with nothing to copy or replace.
  const unchanged = !!meta && !busy && isUnchanged(text, result);
  const usable = !!result.trim() && !unchanged;

  async function run(kind: "style" | "tone", id: RewriteStyleId | ToneId) {
    // The plan (and, for Expand, a model) first: a locked style says which plan it needs.
    if (!explainRefusal(actionOf(kind, id), plan.access(actionOf(kind, id)))) return;
    if (!text) {
      toast({
        title: "No Text Selected",
        description: kind === "style" ? "Please select some text to rewrite." : "Please select some text to adjust tone.",
      });
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(id);
    setResult("");
    setMeta(null);
    setAlternatives([]);
    try {
      const body = kind === "style" ? { text, style: id } : { text, tone: id };
      const done = await aiStream(kind === "style" ? "rewrite" : "tone", body, (d) => setResult((r) => r + d), controller.signal);
      setResult(done.text);
      setMeta(done);
      aiPost<AlternativesResponse>("alternatives", { text, count: 3 }, controller.signal)
        .then((r) => setAlternatives(r.alternatives.filter((a) => a !== done.text)))
        .catch(() => setAlternatives([]));
    } catch (err) {
      if (controller.signal.aborted) return;
      // What streamed before the error is a cut-short answer: never offer it for Replace.
      setResult("");
      const failed = kind === "style" ? "Rewriting Failed" : "Tone Adjustment Failed";
      toastAiError(err, failed, undefined);
    } finally {
      if (abortRef.current === controller) setBusy(null);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(result);
      toast({ title: "Copied", description: "Rewritten text copied to clipboard." });
    } catch {
      toast({ title: "Copy Failed", description: "Failed to copy text to clipboard", variant: "destructive" });
    }
  }

  function replace() {
    if (!editor || !selection || !usable) return;
    if (!rangeStillHolds(editor, selection, selection.text)) {
      toast({ title: "Text changed", description: "The selected text was edited meanwhile. Select it again and retry.", variant: "destructive" });
      return;
    }
    // Lands in the text as suggestions (inline-suggestions/), accepted or rejected there.
    suggestionStore.set({ kind: "rewrite", label: "Rewrite", original: selection.text, suggested: result, from: selection.from, to: selection.to, mode: "replace", status: "ready" });
    toast({ title: "Suggested in the text", description: "Accept or reject the changes in the document." });
    onOpenChange(false);
  }

  const option = (key: string, title: string, subtitle: string, action: AiAction, onClick: () => void, icon?: React.ReactNode) => {
    const hint = toolHint(title, plan.access(action), title);
    return (
    <button
      key={key}
      type="button"
      // The reason it would not run is part of its visible text (below), so also of its name.
      title={hint.ariaLabel === title ? undefined : hint.title}
      onClick={onClick}
      disabled={!!busy}
      // min-w-0 and anywhere-wrapping: a grid item is otherwise as wide as its longest word
      // ("business-appropriate"), which pushed the text past the card's edge.
      className={cn(
        "flex min-w-0 flex-col items-start gap-1 rounded-md border p-3 text-left text-sm [overflow-wrap:anywhere] transition-colors hover:bg-accent disabled:opacity-60",
        busy === key && "border-primary",
      )}
    >
      <span className="flex max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        {icon}
        <span className="min-w-0">{title}</span>
        {hint.locked && <Lock aria-hidden="true" className="size-3 text-muted-foreground" />}
        {hint.needsModel && <Plug aria-hidden="true" className="size-3 text-muted-foreground" />}
        {busy === key && <Spinner className="size-3" label="Rewriting" />}
      </span>
      <span className="max-w-full min-w-0 text-xs text-muted-foreground">{subtitle}</span>
      {(hint.locked || hint.needsModel) && <span className="text-xs text-muted-foreground">{hint.locked ? hint.title : "Needs a language model"}</span>}
    </button>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>AI Content Rewriting</DialogTitle>
          <DialogDescription>Rewrite the selected text in another style or tone.</DialogDescription>
        </DialogHeader>
        <div className="rounded-md border bg-muted/40 p-3 text-sm">
          <p className="mb-1 text-xs font-medium text-muted-foreground">Selected text</p>
          <p className="max-h-28 overflow-y-auto whitespace-pre-wrap break-words">{text || "No text selected."}</p>
        </div>
        <Tabs defaultValue="styles">
          <TabsList>
            <TabsTrigger value="styles">Writing Styles</TabsTrigger>
            <TabsTrigger value="tones">Tone Adjustment</TabsTrigger>
          </TabsList>
          <TabsContent value="styles" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {REWRITE_STYLES.map((s) => {
              const Icon = STYLE_ICONS[s.icon];
              return option(s.id, s.name, s.description, actionOf("style", s.id), () => run("style", s.id), Icon ? <Icon aria-hidden="true" className={cn("size-4", s.color)} /> : null);
            })}
          </TabsContent>
          <TabsContent value="tones" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {TONES.map((t) => option(t.id, t.name, `${t.description} — “${t.example}”`, "tone", () => run("tone", t.id)))}
          </TabsContent>
        </Tabs>
        <div className="flex flex-col gap-2">
          <p className="text-xs font-medium text-muted-foreground">Result</p>
          <div data-testid="rewrite-result" aria-live="polite" className="min-h-20 whitespace-pre-wrap break-words rounded-md border p-3 text-sm">
            {unchanged ? (
              <>
                <span className="font-medium">No changes suggested</span>
                <span className="block text-muted-foreground">The text reads the same in this style. Try another style or tone.</span>
              </>
            ) : (
              result || (busy ? "Rewriting…" : "Choose a style or tone.")
            )}
          </div>
          {meta && <p className="text-xs text-muted-foreground">{engineLabel(meta)}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={copy} disabled={!usable || !!busy}>
              <Copy aria-hidden="true" /> Copy
            </Button>
            <Button size="sm" onClick={replace} disabled={!usable || !!busy}>
              <Replace aria-hidden="true" /> Replace
            </Button>
          </div>
        </div>
        {alternatives.length > 0 && (
          <div className="flex flex-col gap-2">
            <p className="text-xs font-medium text-muted-foreground">Alternative Suggestions</p>
            <ul className="flex flex-col gap-1">
              {alternatives.map((a) => (
                <li key={a}>
                  <button type="button" onClick={() => setResult(a)} className="w-full rounded-md border p-2 text-left text-sm hover:bg-accent">
                    {a}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
