// The small popover of the change at the caret (a click on a suggested word puts the caret
// there): what it does, Accept and Reject, or for a grammar choice the checker's message and
// each candidate. Alt+Enter moves focus into it from the text, Esc goes back to the text.
import type { Editor } from "@tiptap/react";
import { Check, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { chooseSuggestion, decideSuggestions } from "./decide";
import { changeAt, type SuggestionChange } from "./read";

interface Placement {
  change: SuggestionChange;
  top: number;
  left: number;
}

const POPOVER_WIDTH = 288;

function summary(c: SuggestionChange): string {
  const removed = c.removed.trim();
  const inserted = c.inserted.trim();
  if (removed && inserted) return `Replace “${removed}” with “${inserted}”`;
  if (inserted) return `Add “${inserted}”`;
  return `Remove “${removed}”`;
}

function usePlacement(editor: Editor | null, changes: SuggestionChange[], editable: boolean, box: React.RefObject<HTMLDivElement | null>): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  useEffect(() => {
    if (!editor || !editable || changes.length === 0) {
      setPlacement(null);
      return;
    }
    const place = () => {
      if (editor.isDestroyed || !editor.isFocused) return;
      const { from, to } = editor.state.selection;
      const change = changeAt(changes, from);
      if (!change || to > change.to) return setPlacement(null);
      const coords = editor.view.coordsAtPos(Math.min(change.from, editor.state.doc.content.size));
      const left = Math.max(8, Math.min(coords.left, window.innerWidth - POPOVER_WIDTH - 8));
      setPlacement({ change, top: coords.bottom + 6, left });
    };
    // Focus leaving the text for anything but the popover closes it.
    const onBlur = () =>
      setTimeout(() => {
        if (!editor.isFocused && !box.current?.contains(document.activeElement)) setPlacement(null);
      });
    place();
    editor.on("blur", onBlur);
    editor.on("selectionUpdate", place);
    editor.on("focus", place);
    window.addEventListener("scroll", place, true);
    return () => {
      editor.off("blur", onBlur);
      editor.off("selectionUpdate", place);
      editor.off("focus", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [editor, changes, editable, box]);
  return placement;
}

export function SuggestionPopover({ editor, changes, editable }: { editor: Editor | null; changes: SuggestionChange[]; editable: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const placement = usePlacement(editor, changes, editable, ref);

  // Alt+Enter in the text moves focus into the popover of the change at the caret.
  useEffect(() => {
    if (!editor || !placement) return;
    const dom = editor.view.dom;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Enter" && e.altKey) {
        e.preventDefault();
        ref.current?.querySelector("button")?.focus();
      }
    };
    dom.addEventListener("keydown", onKey);
    return () => dom.removeEventListener("keydown", onKey);
  }, [editor, placement]);

  if (!editor || !placement) return null;
  const { change } = placement;
  const done = () => editor.commands.focus();
  const decide = (decision: "accept" | "reject") => {
    decideSuggestions(editor, (a) => a.id === change.id, decision);
    done();
  };
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Suggestion"
      style={{ top: placement.top, left: placement.left, width: POPOVER_WIDTH }}
      className="fixed z-50 flex flex-col gap-2 rounded-md border bg-popover p-3 text-sm text-popover-foreground shadow-lg"
      onMouseDown={(e) => e.preventDefault() /* keep the caret in the change */}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          done();
        }
      }}
    >
      {change.message && <p className="text-xs text-muted-foreground">{change.message}</p>}
      {change.options ? (
        <>
          <p className="break-words">Replace “{change.removed.trim()}” with:</p>
          <div className="flex flex-wrap gap-1">
            {change.options.map((o) => (
              <Button
                key={o}
                size="sm"
                variant="outline"
                onClick={() => {
                  chooseSuggestion(editor, change.id, o);
                  done();
                }}
              >
                {o || "(remove)"}
              </Button>
            ))}
          </div>
          <div className="flex justify-end">
            <Button size="sm" variant="ghost" onClick={() => decide("reject")}>
              <X aria-hidden="true" /> Keep “{change.removed.trim()}”
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="break-words">{summary(change)}</p>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => decide("reject")}>
              <X aria-hidden="true" /> Reject
            </Button>
            <Button size="sm" onClick={() => decide("accept")}>
              <Check aria-hidden="true" /> Accept
            </Button>
          </div>
        </>
      )}
      <p className="text-xs text-muted-foreground">Alt+Enter from the text, Esc to go back.</p>
    </div>
  );
}
