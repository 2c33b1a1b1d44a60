// The AI suggestion card, for answers added after the text (a summary, an outline): the
// answer streams in, then Accept, Reject or Modify (edit it before accepting). Proposals that
// replace text land in the document as inline suggestions instead (inline-suggestions/).
// Accepting writes it as one undoable change; an
// empty proposal cannot be accepted (canAccept in store.ts), so it never deletes the selection.
import type { Editor } from "@tiptap/react";
import { Check, Pencil, Sparkles, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/textarea";
import { apiJson } from "../../lib/api";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";
import { applyAnswer } from "./editor-text";
import { canAccept, engineLabel, type PendingSuggestion, suggestionStore, useAssistantDocked, usePendingSuggestion } from "./store";

function acceptedToast(s: PendingSuggestion) {
  switch (s.kind) {
    case "improve":
      return toast({ title: "Text improved", description: "Your text has been enhanced using AI." });
    case "grammar":
      return toast({ title: "Grammar corrected", description: `Fixed ${s.changes ?? 0} grammar issues.` });
    case "summarize":
      return toast({ title: "Text summarized", description: s.scope });
    case "outline":
      return toast({ title: "Outline generated", description: s.scope });
    default:
      return toast({ title: "Text Replaced" });
  }
}

function decide(id: string | undefined, accepted: boolean) {
  if (!id) return;
  void apiJson("PUT", `/api/ai/suggestions/${id}`, { accepted }).catch(() => {});
}

export function SuggestionCard({ editor }: { editor: Editor | null }) {
  const s = usePendingSuggestion();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  // Beside an open assistant column the card takes that column's width (w-80 less its
  // margins), so it stays off the text.
  const docked = useAssistantDocked();
  useEffect(() => {
    if (!s) setEditing(false);
  }, [s]);
  // A proposal that replaces text is shown in the document itself (inline-suggestions/).
  if (!s || s.mode === "replace") return null;

  const accept = async (text: string) => {
    if (!editor || !canAccept(s, text)) return;
    applyAnswer(editor, s, text, s.mode);
    decide(s.id, true);
    acceptedToast(s);
    suggestionStore.set(null);
  };
  const reject = () => {
    decide(s.id, false);
    suggestionStore.cancel();
  };

  const streaming = s.status === "streaming";
  const empty = !streaming && !s.suggested.trim();
  return (
    <section
      aria-label="AI suggestion"
      className={cn(
        "fixed right-4 bottom-4 z-40 flex max-h-[calc(100dvh-8rem)] flex-col gap-3 overflow-y-auto rounded-lg border bg-card p-4 text-card-foreground shadow-lg",
        docked ? "w-72" : "w-[min(28rem,calc(100vw-2rem))]",
      )}
    >
      <header className="flex items-center gap-2 text-sm font-medium">
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        AI suggestion · {s.label}
        {s.changes ? <span className="text-muted-foreground">({s.changes} changes)</span> : null}
      </header>
      {s.scope && <p className="text-xs text-muted-foreground">{s.scope}</p>}
      {editing ? (
        <Textarea aria-label="Edit suggestion" value={draft} onChange={(e) => setDraft(e.target.value)} rows={5} autoFocus />
      ) : (
        <p data-testid="ai-suggestion-text" aria-live="polite" className="max-h-60 overflow-y-auto whitespace-pre-wrap break-words text-sm">
          {s.suggested || (streaming ? "Thinking…" : "")}
          {empty && <span className="text-muted-foreground">The AI returned no text. Nothing will change.</span>}
          {streaming && <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-foreground/60 align-middle" />}
        </p>
      )}
      {s.meta && <p className="text-xs text-muted-foreground">{engineLabel(s.meta)}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        {streaming ? (
          <Button variant="outline" size="sm" onClick={() => suggestionStore.cancel()}>
            <X aria-hidden="true" /> Cancel
          </Button>
        ) : editing ? (
          <>
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Back
            </Button>
            <Button size="sm" onClick={() => void accept(draft)} disabled={!canAccept(s, draft)}>
              <Check aria-hidden="true" /> Accept
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" size="sm" onClick={reject}>
              <X aria-hidden="true" /> Reject
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setDraft(s.suggested);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" /> Modify
            </Button>
            <Button size="sm" onClick={() => void accept(s.suggested)} disabled={!canAccept(s, s.suggested)}>
              <Check aria-hidden="true" /> Accept
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
