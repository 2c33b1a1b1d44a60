// The AI actions behind the toolbar, the slash menu, the shortcuts and the panels.
// Each checks the selection and the plan, calls the server (streaming where it can), and
// either shows a suggestion card or writes the answer as one undoable change.
// Actions that replace text (improve, grammar, rewrite, tone) need a selection; the
// document-level ones (summary, outline, continue) work on the whole document when nothing
// is selected, put their answer at the document's end, and say so on the card.
import type { Editor } from "@tiptap/react";
import type { AiSuggestionRecord, GrammarResponse, RewriteStyleId, ToneId } from "../../../shared/contracts/ai";
import { REWRITE_STYLES, TONES } from "../../../shared/contracts/ai-catalog";
import { apiJson } from "../../lib/api";
import { toast } from "../../lib/toast";
import { aiPost, aiStream } from "./api";
import { getSelection, hasCursor, textBefore, type WholeDocument, wholeDocument } from "./editor-text";
import type { AiAction } from "../../../shared/plans";
import { explainRefusal, toastAiError } from "./errors";
import { type PendingSuggestion, type SuggestionKind, suggestionStore } from "./store";
import type { AiPlan } from "./use-ai-plan";

const FAILURES: Record<SuggestionKind | "complete", string> = {
  improve: "Failed to improve text. Please try again.",
  grammar: "Failed to check grammar.",
  rewrite: "Failed to rewrite text.",
  summarize: "Failed to summarize text. Please try again.",
  outline: "Failed to generate outline. Please try again.",
  complete: "Failed to complete text.",
};

function noSelection(verb: string) {
  toast({ title: "No text selected", description: `Please select some text to ${verb}.` });
}

function emptyDocument(verb: string) {
  toast({ title: "Nothing to work on", description: `The document is empty. Write something to ${verb}.` });
}

/** The card's note for an answer made from the whole document (or its start). */
function scopeNote(kind: string, whole: WholeDocument): string {
  const note = `${kind} of ${whole.scope}, added at its end.`;
  return whole.shortened ? `${note} The document is longer than one AI request takes.` : note;
}

async function recordSuggestion(s: PendingSuggestion): Promise<void> {
  try {
    const rec = await apiJson<AiSuggestionRecord>("POST", "/api/ai/suggestions", {
      documentId: suggestionStore.documentId(),
      originalText: s.original || s.suggested,
      suggestedText: s.suggested,
      type: s.kind === "improve" ? "improvement" : s.kind,
    });
    if (suggestionStore.get()?.suggested === s.suggested) suggestionStore.update({ id: rec.id });
  } catch {
    // The suggestion still works locally; only its record is missing, and a
    // failed bookkeeping call must not interrupt the writer with an error.
  }
}

/** Streams a task into the suggestion card. */
async function streamIntoCard(
  kind: SuggestionKind,
  label: string,
  path: string,
  body: object,
  sel: { text: string; from: number; to: number },
  mode: "replace" | "after",
  scope?: string,
) {
  const controller = suggestionStore.beginRequest();
  suggestionStore.set({ kind, label, original: sel.text, suggested: "", from: sel.from, to: sel.to, mode, status: "streaming", scope });
  try {
    const result = await aiStream(path, body, (delta) => {
      const cur = suggestionStore.get();
      if (cur) suggestionStore.update({ suggested: cur.suggested + delta });
    }, controller.signal);
    suggestionStore.update({ suggested: result.text, status: "ready", meta: result });
    // A proposal that lands in the text is recorded there, per suggestion group (inline-suggestions/records.ts).
    const ready = suggestionStore.get();
    if (ready && ready.mode === "after") void recordSuggestion(ready);
  } catch (err) {
    if (controller.signal.aborted) return;
    suggestionStore.set(null);
    toastAiError(err, FAILURES[kind]);
  }
}

/** The end of the last textblock: where a continuation of the whole document goes. */
function endOfText(editor: Editor): number {
  let end = editor.state.doc.content.size;
  editor.state.doc.descendants((node, pos) => {
    if (node.isTextblock) end = pos + 1 + node.content.size;
  });
  return end;
}

export function createAiActions(editor: Editor | null, plan: AiPlan) {
  // The plan (and a model, for writing new text) is checked first: a locked action says
  // which plan it needs, whatever is selected (shared/plans.ts aiAccess).
  const gate = (action: AiAction) => explainRefusal(action, plan.access(action));

  return {
    improve() {
      if (!gate("improve")) return;
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("improve");
      void streamIntoCard("improve", "Improve", "improve", { text: sel.text }, sel, "replace");
    },

    rewrite(style: RewriteStyleId) {
      // Spelling ideas out is writing new text: a language model's job (its own row in the table).
      if (!gate(style === "expand" ? "expand" : "rewrite")) return;
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("rewrite");
      const name = REWRITE_STYLES.find((s) => s.id === style)?.name ?? style;
      void streamIntoCard("rewrite", name, "rewrite", { text: sel.text, style }, sel, "replace");
    },

    tone(tone: ToneId) {
      if (!gate("tone")) return;
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("adjust tone");
      const name = TONES.find((t) => t.id === tone)?.name ?? tone;
      void streamIntoCard("rewrite", `${name} tone`, "tone", { text: sel.text, tone }, sel, "replace");
    },

    /** Summarizes the selection, or the whole document when nothing is selected. */
    summarize() {
      if (!editor) return;
      if (!gate("summarize")) return;
      const sel = getSelection(editor);
      if (!sel.empty) return void streamIntoCard("summarize", "Summary", "summarize", { text: sel.text }, sel, "after");
      const whole = wholeDocument(editor);
      if (!whole) return emptyDocument("summarize");
      const end = editor.state.doc.content.size;
      void streamIntoCard(
        "summarize",
        "Summary of the document",
        "summarize",
        { text: whole.text },
        { text: "", from: end, to: end },
        "after",
        scopeNote("Summary", whole),
      );
    },

    /** Outlines the selection, or the whole document when nothing is selected. */
    outline() {
      if (!editor) return;
      if (!gate("outline")) return;
      const sel = getSelection(editor);
      if (!sel.empty) return void streamIntoCard("outline", "Outline", "outline", { text: sel.text }, { text: "", from: sel.to, to: sel.to }, "after");
      const whole = wholeDocument(editor);
      if (!whole) return emptyDocument("outline");
      const end = editor.state.doc.content.size;
      void streamIntoCard(
        "outline",
        "Outline of the document",
        "outline",
        { text: whole.text },
        { text: "", from: end, to: end },
        "after",
        scopeNote("Outline", whole),
      );
    },

    async grammar() {
      if (!gate("grammar")) return;
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("check");
      const controller = suggestionStore.beginRequest();
      suggestionStore.set({ kind: "grammar", label: "Grammar", original: sel.text, suggested: "", from: sel.from, to: sel.to, mode: "replace", status: "streaming" });
      try {
        const res = await aiPost<GrammarResponse>("grammar", { text: sel.text }, controller.signal);
        if (res.changes.length === 0 || res.correctedText === sel.text) {
          suggestionStore.set(null);
          toast({ title: "No issues found", description: "Your text looks good." });
          return;
        }
        // Lands in the text, where its record is kept (inline-suggestions/records.ts).
        suggestionStore.update({ suggested: res.correctedText, changes: res.changes.length, status: "ready", meta: res });
      } catch (err) {
        if (controller.signal.aborted) return;
        suggestionStore.set(null);
        toastAiError(err, FAILURES.grammar);
      }
    },

    /**
     * Continues the text as a suggestion (accepted or rejected in the text): after the
     * selection, else from the cursor, else (the writer has not placed a cursor) from the end
     * of the document.
     */
    async complete(requireSelection = false) {
      if (!editor) return;
      // Continuing is writing new text: without a model it says so, with the way to connect one.
      if (!gate("complete")) return;
      const sel = getSelection(editor);
      if (requireSelection && sel.empty) return noSelection("complete");
      const atEnd = sel.empty && !hasCursor(editor);
      const at = !sel.empty ? sel.to : atEnd ? endOfText(editor) : editor.state.selection.from;
      const text = sel.empty ? textBefore(editor, at) : sel.text;
      if (!text.trim()) return noSelection("complete");
      const controller = suggestionStore.beginRequest();
      // The continuation streams into the text as a suggestion at the insertion point.
      suggestionStore.set({ kind: "improve", label: "Continue", original: "", suggested: "", from: at, to: at, mode: "replace", status: "streaming" });
      try {
        const result = await aiStream("complete", { text, context: sel.empty ? undefined : textBefore(editor, sel.from, 2000) }, (delta) => {
          const cur = suggestionStore.get();
          if (cur) suggestionStore.update({ suggested: cur.suggested + delta });
        }, controller.signal);
        if (!result.text.trim()) return suggestionStore.set(null);
        suggestionStore.update({ suggested: result.text, status: "ready", meta: result });
        const where = atEnd ? "Continued at the end of the document" : "";
        const who = result.engine === "offline" ? "by the built-in offline engine" : "";
        toast({ title: "Continuation suggested", description: where || who ? `${where || "Continued"}${who ? ` ${who}` : ""}.` : undefined });
      } catch (err) {
        if (controller.signal.aborted) return;
        suggestionStore.set(null);
        toastAiError(err, FAILURES.complete);
      }
    },
  };
}

export type AiActions = ReturnType<typeof createAiActions>;
