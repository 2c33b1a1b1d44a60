// The AI actions behind the toolbar, the slash menu, the shortcuts and the panels.
// Each checks the selection and the plan, calls the server (streaming where it can), and
// either shows a suggestion card or writes the answer as one undoable change.
import type { Editor } from "@tiptap/react";
import type { AiSuggestionRecord, GrammarResponse, RewriteStyleId, ToneId } from "../../../shared/contracts/ai";
import { REWRITE_STYLES, TONES } from "../../../shared/contracts/ai-catalog";
import { apiJson } from "../../lib/api";
import { toast } from "../../lib/toast";
import { aiPost, aiStream } from "./api";
import { applyAnswer, documentMarkdown, getSelection, textBefore } from "./editor-text";
import { toastAiError, toastUpgrade } from "./errors";
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
) {
  const controller = suggestionStore.beginRequest();
  suggestionStore.set({ kind, label, original: sel.text, suggested: "", from: sel.from, to: sel.to, mode, status: "streaming" });
  try {
    const result = await aiStream(path, body, (delta) => {
      const cur = suggestionStore.get();
      if (cur) suggestionStore.update({ suggested: cur.suggested + delta });
    }, controller.signal);
    suggestionStore.update({ suggested: result.text, status: "ready", meta: result });
    const ready = suggestionStore.get();
    if (ready) void recordSuggestion(ready);
  } catch (err) {
    if (controller.signal.aborted) return;
    suggestionStore.set(null);
    toastAiError(err, FAILURES[kind]);
  }
}

export function createAiActions(editor: Editor | null, plan: AiPlan) {
  const gate = (feature: "ai" | "summarize") => {
    const ok = feature === "summarize" ? plan.canSummarize : plan.canUseAi;
    if (!ok) toastUpgrade(feature);
    return ok;
  };

  return {
    improve() {
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("improve");
      if (!gate("ai")) return;
      void streamIntoCard("improve", "Improve", "improve", { text: sel.text }, sel, "replace");
    },

    rewrite(style: RewriteStyleId) {
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("rewrite");
      if (!gate("ai")) return;
      const name = REWRITE_STYLES.find((s) => s.id === style)?.name ?? style;
      void streamIntoCard("rewrite", name, "rewrite", { text: sel.text, style }, sel, "replace");
    },

    tone(tone: ToneId) {
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("adjust tone");
      if (!gate("ai")) return;
      const name = TONES.find((t) => t.id === tone)?.name ?? tone;
      void streamIntoCard("rewrite", `${name} tone`, "tone", { text: sel.text, tone }, sel, "replace");
    },

    summarize() {
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("summarize");
      if (!gate("summarize")) return;
      void streamIntoCard("summarize", "Summary", "summarize", { text: sel.text }, sel, "after");
    },

    outline() {
      if (!editor) return;
      if (!gate("ai")) return;
      const sel = getSelection(editor);
      const text = sel.empty ? documentMarkdown(editor) : sel.text;
      if (!text.trim()) return noSelection("outline");
      const at = sel.empty ? editor.state.doc.content.size : sel.to;
      void streamIntoCard("outline", "Outline", "outline", { text }, { text: "", from: at, to: at }, "after");
    },

    async grammar() {
      const sel = getSelection(editor);
      if (!editor || sel.empty) return noSelection("check");
      if (!gate("ai")) return;
      const controller = suggestionStore.beginRequest();
      suggestionStore.set({ kind: "grammar", label: "Grammar", original: sel.text, suggested: "", from: sel.from, to: sel.to, mode: "replace", status: "streaming" });
      try {
        const res = await aiPost<GrammarResponse>("grammar", { text: sel.text }, controller.signal);
        if (res.changes.length === 0 || res.correctedText === sel.text) {
          suggestionStore.set(null);
          toast({ title: "No issues found", description: "Your text looks good." });
          return;
        }
        suggestionStore.update({ suggested: res.correctedText, changes: res.changes.length, status: "ready", meta: res });
        const ready = suggestionStore.get();
        if (ready) void recordSuggestion(ready);
      } catch (err) {
        if (controller.signal.aborted) return;
        suggestionStore.set(null);
        toastAiError(err, FAILURES.grammar);
      }
    },

    /** Continues the text (from the selection, else from the cursor) and inserts it as one change. */
    async complete(requireSelection = false) {
      if (!editor) return;
      const sel = getSelection(editor);
      if (requireSelection && sel.empty) return noSelection("complete");
      const at = sel.empty ? editor.state.selection.from : sel.to;
      const text = sel.empty ? textBefore(editor, at) : sel.text;
      if (!text.trim()) return noSelection("complete");
      if (!gate("ai")) return;
      const controller = suggestionStore.beginRequest();
      suggestionStore.set({ kind: "improve", label: "Writing…", original: "", suggested: "", from: at, to: at, mode: "after", status: "streaming" });
      try {
        const result = await aiStream("complete", { text, context: sel.empty ? undefined : textBefore(editor, sel.from, 2000) }, (delta) => {
          const cur = suggestionStore.get();
          if (cur) suggestionStore.update({ suggested: cur.suggested + delta });
        }, controller.signal);
        suggestionStore.set(null);
        if (!result.text.trim()) return;
        // Keep the model's own leading space/newline; the whole continuation is one undo step.
        const answer = result.text;
        const block = /\n/.test(answer.trim()) || /^\n/.test(answer);
        if (block) applyAnswer(editor, { from: at, to: at }, answer.trim(), "after");
        else editor.chain().focus().insertContentAt(at, { type: "text", text: answer.startsWith(" ") || at <= 1 ? answer : ` ${answer}` }).run();
        toast({ title: "Text completed", description: result.engine === "offline" ? "Continued by the built-in offline engine." : undefined });
      } catch (err) {
        if (controller.signal.aborted) return;
        suggestionStore.set(null);
        toastAiError(err, FAILURES.complete);
      }
    },
  };
}

export type AiActions = ReturnType<typeof createAiActions>;
