// Lands every "replace" proposal of the suggestion store (improve, rewrite, tone, grammar,
// Ask AI) in the document as inline suggestions: a session starts with the request, renders
// the answer as it streams (once per frame), finishes with the complete answer, and is taken
// out when the request is cancelled (Stop, Esc) or fails. The store is then cleared: from
// there on the suggestion lives in the document.
import type { Editor } from "@tiptap/react";
import { useEffect, useSyncExternalStore } from "react";
import { toast } from "../../../lib/toast";
import { keepLeadingCase } from "../apply-edits";
import { type PendingSuggestion, suggestionStore } from "../store";
import { changesOf, grammarEdits } from "./grammar-edits";
import { recordGroup } from "./records";
import { SuggestionSession } from "./session";

/** Whether a pending suggestion is shown in the document (the others keep the card). */
export const landsInline = (s: PendingSuggestion | null) => !!s && s.mode === "replace";

// What is streaming now, for the bar (label and Stop).
let streaming: { label: string } | null = null;
const listeners = new Set<() => void>();
function setStreaming(next: { label: string } | null) {
  streaming = next;
  for (const l of listeners) l();
}
export function useStreamingSuggestion(): { label: string } | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => streaming,
    () => streaming,
  );
}

export function useSuggestionStream(editor: Editor | null): void {
  useEffect(() => {
    if (!editor) return;
    let session: SuggestionSession | null = null;
    let sessionRequest = -1;
    let frame = 0;
    const host = { state: () => editor.state, dispatch: (tr: Editor["state"]["tr"]) => editor.view.dispatch(tr) };
    const follow = ({ transaction }: { transaction: Editor["state"]["tr"] }) => session?.follow(transaction);
    editor.on("transaction", follow);

    const stop = () => {
      cancelAnimationFrame(frame);
      if (session && !session.done) session.cancel();
      session = null;
      setStreaming(null);
    };

    const onStore = () => {
      const s = suggestionStore.get();
      const request = suggestionStore.request();
      if (session && (!s || request !== sessionRequest)) stop();
      if (!s || !landsInline(s) || editor.isDestroyed) return;
      if (request !== sessionRequest) {
        sessionRequest = request;
        session = new SuggestionSession(host, { from: s.from, to: s.to });
        setStreaming({ label: s.label });
      }
      const current = session;
      if (!current || current.done) return;
      if (s.status === "streaming") {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => {
          const latest = suggestionStore.get();
          if (latest && suggestionStore.request() === request && latest.status === "streaming") current.update(keepLeadingCase(latest.original, latest.suggested));
        });
        return;
      }
      cancelAnimationFrame(frame);
      const grammar = s.kind === "grammar" ? changesOf(s.meta) : null;
      const answer = grammar ? s.suggested : keepLeadingCase(s.original, s.suggested);
      const changes = answer.trim() === s.original.trim() ? 0 : current.finish(answer, grammar ? grammarEdits(grammar) : undefined);
      if (changes === 0) {
        current.cancel();
        toast({ title: "No changes suggested", description: "The text stays as it is." });
      } else recordGroup(current.group, s, suggestionStore.documentId());
      session = null;
      setStreaming(null);
      // The suggestion is in the document now; the store is free for the next request.
      queueMicrotask(() => {
        if (suggestionStore.request() === request && suggestionStore.get()) suggestionStore.set(null);
      });
    };
    const unsubscribe = suggestionStore.subscribe(onStore);

    // Esc stops a streaming suggestion (and removes what it showed).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !session || session.done) return;
      e.preventDefault();
      suggestionStore.cancel();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      unsubscribe();
      window.removeEventListener("keydown", onKey, true);
      editor.off("transaction", follow);
      stop();
    };
  }, [editor]);
}
