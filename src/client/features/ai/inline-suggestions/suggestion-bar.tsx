// The bar under the text while suggestions are pending: "Improve · suggesting… · Stop" as an
// answer streams in (Esc stops too), then "N suggestions · Accept all · Reject all". Every
// writer of the document sees it for the suggestions in it (they are marks of the live
// document); only someone who may edit gets the buttons. A decision is one undo step.
import type { Editor } from "@tiptap/react";
import { Check, Sparkles, Square, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { suggestionStore } from "../store";
import { decideSuggestions, keepVersionBeforeAi } from "./decide";
import { isAiSuggestion } from "./read";
import type { SuggestionChange } from "./read";
import { useStreamingSuggestion } from "./use-suggestion-stream";

/** Text blocks the changes touch: more than one is a change worth a version first. */
function blocksTouched(editor: Editor, changes: SuggestionChange[]): number {
  const blocks = new Set<number>();
  for (const c of changes) {
    const $from = editor.state.doc.resolve(Math.min(c.from, editor.state.doc.content.size));
    blocks.add($from.depth ? $from.before() : 0);
  }
  return blocks.size;
}

export function SuggestionBar({ editor, changes, editable }: { editor: Editor | null; changes: SuggestionChange[]; editable: boolean }) {
  const streaming = useStreamingSuggestion();
  if (!editor || (!streaming && changes.length === 0)) return null;
  const count = changes.length;
  const acceptAll = async () => {
    if (blocksTouched(editor, changes) > 1) await keepVersionBeforeAi(suggestionStore.documentId());
    decideSuggestions(editor, isAiSuggestion, "accept");
    editor.commands.focus();
  };
  const rejectAll = () => {
    decideSuggestions(editor, isAiSuggestion, "reject");
    editor.commands.focus();
  };
  return (
    <section
      aria-label="AI suggestions"
      className={cn(
        "fixed bottom-[calc(1rem+var(--phone-bar-space,0px)+var(--table-menu-space,0px))] left-1/2 z-40 flex w-max max-w-[calc(100vw-1rem)] -translate-x-1/2 flex-wrap items-center justify-center gap-x-1 gap-y-1 sm:gap-x-2",
        "rounded-2xl border bg-card px-2 py-1.5 text-sm text-card-foreground shadow-lg sm:rounded-full sm:px-3",
      )}
    >
      <Sparkles aria-hidden="true" className="hidden size-4 shrink-0 text-primary sm:block" />
      {streaming ? (
        <>
          <span aria-live="polite" data-testid="suggestion-status">
            {streaming.label} · suggesting…
          </span>
          <Button variant="outline" size="sm" onClick={() => suggestionStore.cancel()} title="Stop (Esc)">
            <Square aria-hidden="true" /> Stop
          </Button>
        </>
      ) : (
        <>
          <span aria-live="polite" data-testid="suggestion-status">
            {count === 1 ? "1 suggestion" : `${count} suggestions`}
          </span>
          {editable && (
            <>
              <Button variant="ghost" size="sm" onClick={rejectAll}>
                <X aria-hidden="true" /> Reject all
              </Button>
              <Button size="sm" onClick={() => void acceptAll()}>
                <Check aria-hidden="true" /> Accept all
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}
