// Readability figures for the assistant panel (POST /api/ai/analyze; local, no tokens).
import type { Editor } from "@tiptap/react";
import { Gauge } from "lucide-react";
import { useState } from "react";
import type { AnalyzeResponse } from "../../../shared/contracts/ai";
import { DEFAULT_READABILITY } from "../../../shared/limits";
import { Button } from "../../components/ui/button";
import { aiPost } from "./api";
import { getSelection, wholeDocument } from "./editor-text";

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; result: AnalyzeResponse; scope: string } | { kind: "failed" };

export function ReadabilityView({ editor }: { editor: Editor | null }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  async function analyze() {
    if (!editor) return;
    const sel = getSelection(editor);
    // Nothing selected: the whole document's text (its start when it is longer than one request takes).
    const whole = sel.empty ? wholeDocument(editor, editor.getText({ blockSeparator: "\n\n" })) : null;
    const text = whole ? whole.text : sel.text;
    if (!text.trim()) return;
    setState({ kind: "busy" });
    try {
      const result = await aiPost<AnalyzeResponse>("analyze", { text });
      setState({ kind: "done", result, scope: whole ? `Readability of ${whole.scope}` : "Readability of the selection" });
    } catch {
      setState({ kind: "failed" });
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" className="justify-start" onMouseDown={(e) => e.preventDefault()} onClick={analyze} disabled={state.kind === "busy"}>
        <Gauge aria-hidden="true" /> Check Readability
      </Button>
      {state.kind === "failed" && (
        <p className="text-xs text-muted-foreground">
          Readability {DEFAULT_READABILITY}/10 · Content analysis unavailable
        </p>
      )}
      {state.kind === "done" && <p className="text-xs text-muted-foreground">{state.scope}</p>}
      {state.kind === "done" && (
        <dl data-testid="readability" className="grid grid-cols-2 gap-x-2 gap-y-1 text-xs">
          <dt className="text-muted-foreground">Readability</dt>
          <dd>{state.result.readabilityScore}/10</dd>
          <dt className="text-muted-foreground">Flesch reading ease</dt>
          <dd>{state.result.readability.fleschReadingEase}</dd>
          <dt className="text-muted-foreground">Grade level</dt>
          <dd>{state.result.readability.fleschKincaidGrade}</dd>
          <dt className="text-muted-foreground">Sentences / words</dt>
          <dd>
            {state.result.readability.sentenceCount} / {state.result.wordCount}
          </dd>
          <dt className="text-muted-foreground">Long sentences</dt>
          <dd>{state.result.readability.longSentences.length}</dd>
          <dt className="text-muted-foreground">Passive voice</dt>
          <dd>{state.result.readability.passiveSentences.length}</dd>
          {state.result.suggestions.length > 0 && (
            <dd className="col-span-2 mt-1">
              <ul className="list-disc pl-4 text-muted-foreground">
                {state.result.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </dd>
          )}
        </dl>
      )}
    </div>
  );
}
