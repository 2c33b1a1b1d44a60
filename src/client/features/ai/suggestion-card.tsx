// The AI suggestion card: the answer streams in, then Accept, Reject or Modify
// (edit the suggestion before accepting). A proposal that replaces text shows what it
// changes word by word: deletions struck through, insertions underlined (not colour alone). Accepting writes it as one undoable change; an
// empty proposal cannot be accepted (canAccept in store.ts), so it never deletes the selection.
import type { Editor } from "@tiptap/react";
import { Check, Pencil, Sparkles, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { wordChanges } from "../../../shared/text/word-diff";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/textarea";
import { apiJson } from "../../lib/api";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";
import { replaceSelection } from "./apply-edits";
import { applyAnswer, rangeStillHolds } from "./editor-text";
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

/** More than one non-empty paragraph in the text a proposal replaces. */
const rewritesParagraphs = (original: string) => original.split(/\n+/).filter((p) => p.trim()).length > 1;

/**
 * Asks the server to keep the document as it is (a "Before AI change" version), waiting at
 * most 3 s: the change still goes in if the server is slow or the writer is offline.
 */
async function keepVersionBeforeAi(documentId: string | null) {
  if (!documentId) return;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 3000);
  try {
    await apiJson("POST", `/api/documents/${encodeURIComponent(documentId)}/versions`, { before: "ai-change" }, { signal: ac.signal });
  } catch {
    // no history entry this time; the change itself matters more
  } finally {
    clearTimeout(timer);
  }
}

function decide(id: string | undefined, accepted: boolean) {
  if (!id) return;
  void apiJson("PUT", `/api/ai/suggestions/${id}`, { accepted }).catch(() => {});
}

/** The finished proposal against the text it replaces, word by word; null when it is not one. */
function useChanges(s: PendingSuggestion | null) {
  const ready = s?.status === "ready" && s.mode === "replace" && !!s.original && !!s.suggested.trim();
  const original = s?.original ?? "";
  const suggested = s?.suggested ?? "";
  return useMemo(() => (ready ? wordChanges(original, suggested.trim()) : null), [ready, original, suggested]);
}

function ChangesView({ changes }: { changes: NonNullable<ReturnType<typeof wordChanges>> }) {
  const added = changes.filter((c) => c.kind === "added").length;
  const removed = changes.filter((c) => c.kind === "removed").length;
  return (
    <>
      <p data-testid="ai-suggestion-diff" className="max-h-60 overflow-y-auto whitespace-pre-wrap break-words text-sm">
        {changes.map((c, i) =>
          c.kind === "added" ? (
            <ins key={i} className="rounded-sm bg-success/15 text-foreground underline decoration-success decoration-2 underline-offset-2">
              {c.text}
            </ins>
          ) : c.kind === "removed" ? (
            <del key={i} className="rounded-sm bg-destructive/10 text-muted-foreground line-through decoration-destructive decoration-2">
              {c.text}
            </del>
          ) : (
            <span key={i}>{c.text}</span>
          ),
        )}
      </p>
      <p className="text-xs text-muted-foreground">
        {added === 0 && removed === 0 ? "No words change." : `${removed} removed, ${added} added · struck-through words go, underlined words come in.`}
      </p>
    </>
  );
}

export function SuggestionCard({ editor }: { editor: Editor | null }) {
  const s = usePendingSuggestion();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const changes = useChanges(s);
  // Beside an open assistant column the card takes that column's width (w-80 less its
  // margins), so it stays off the text.
  const docked = useAssistantDocked();
  useEffect(() => {
    if (!s) setEditing(false);
  }, [s]);
  if (!s) return null;

  const accept = async (text: string) => {
    if (!editor || !canAccept(s, text)) return;
    if (s.mode === "replace" && !rangeStillHolds(editor, s, s.original)) {
      toast({ title: "Text changed", description: "The selected text was edited meanwhile. Select it again and retry.", variant: "destructive" });
      return;
    }
    // A change that rewrites more than a paragraph is kept in the history first.
    if (s.mode === "replace" && rewritesParagraphs(s.original)) await keepVersionBeforeAi(suggestionStore.documentId());
    if (s.mode === "replace" && !rangeStillHolds(editor, s, s.original)) return;
    if (s.mode === "replace") replaceSelection(editor, s, s.original, text);
    else applyAnswer(editor, s, text, s.mode);
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
      {s.original && s.mode === "replace" && !changes && !editing && (
        <p className="max-h-24 overflow-y-auto break-words text-sm text-muted-foreground line-through decoration-muted-foreground/50">{s.original}</p>
      )}
      {editing ? (
        <Textarea aria-label="Edit suggestion" value={draft} onChange={(e) => setDraft(e.target.value)} rows={5} autoFocus />
      ) : changes ? (
        <>
          <ChangesView changes={changes} />
          {/* The proposal as it would read, for screen readers (the marked view reads both versions). */}
          <p data-testid="ai-suggestion-text" aria-live="polite" className="sr-only">
            {s.suggested}
          </p>
        </>
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
