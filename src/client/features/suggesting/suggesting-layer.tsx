// People's suggestions beside the text: the tracking plugin in the editor while the writer is
// in Suggesting mode, and a card per suggestion (who, when, what) in a margin column on a wide
// screen, each beside the start of its change (the one holding the caret raised), or a sheet
// on a phone, with Accept and Reject for the owner and editors, Withdraw for the author, and
// Comment, which anchors a thread on the suggestion's words.
import type { Editor } from "@tiptap/react";
import { Check, FilePen, MessageSquarePlus, Undo2, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { cn } from "../../lib/cn";
import { type MarginAnchor, useMarginLayout } from "../../lib/margin-layout";
import { bothEmpty, type DocReadingOptions, useDocReading } from "../../lib/use-doc-reading";
import { decideAll, decideOne } from "./decide";
import { describeSuggestion, listPersonSuggestions, type PersonSuggestion, suggestionTime } from "./read";
import type { SuggestingSlotProps } from "./suggesting-slot";
import { leaveListKey, leaveListPlugin, suggestingKey, trackingPlugin } from "./tracking";
import { breakMarkerKey, breakMarkerPlugin } from "./break-marker";
import { activeSuggestionKey, activeSuggestionPlugin, markActiveSuggestion } from "./active-highlight";

/** Puts the tracking plugin in the editor while `on`; says when typing is tracked. */
function useTracking(editor: Editor | null, on: boolean, author: SuggestingSlotProps["author"], onTracking: (on: boolean) => void) {
  useEffect(() => {
    if (!editor || !on || !author || editor.isDestroyed) return;
    editor.registerPlugin(trackingPlugin({ author }));
    // Before the list keys, which would lift the empty item out of its list (a change refused).
    editor.registerPlugin(leaveListPlugin({ author }), (plugin, plugins) => [plugin, ...plugins]);
    onTracking(true);
    return () => {
      onTracking(false);
      if (!editor.isDestroyed) editor.unregisterPlugin([suggestingKey, leaveListKey]);
    };
  }, [editor, on, author?.id, author?.name]);
}

/** Draws a ¶ where a break is suggested, whatever the mode, while the layer is loaded. */
function useBreakMarkers(editor: Editor | null) {
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(breakMarkerPlugin());
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(breakMarkerKey);
    };
  }, [editor]);
}

/** Marks the active suggestion's change in the text, whatever the screen, while the layer is loaded. */
function useActiveHighlight(editor: Editor | null, active: string | null) {
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(activeSuggestionPlugin());
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(activeSuggestionKey);
    };
  }, [editor]);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.view.dispatch(markActiveSuggestion(editor.state.tr, active));
  }, [editor, active]);
}

/** The suggestions now in the document, read again after changes (at most every 100 ms). */
const SUGGESTIONS_READING: DocReadingOptions<PersonSuggestion[]> = {
  read: listPersonSuggestions,
  schedule: "throttle",
  delayMs: 100,
  none: [],
  same: bothEmpty,
};

/**
 * The suggestion the writer is at: the one holding the caret, or the card last clicked or
 * focused (the setter), until the caret moves again.
 */
function useActiveSuggestion(editor: Editor | null, list: PersonSuggestion[]) {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const read = () => {
      const { from } = editor.state.selection;
      // A break's block starts one position in; a change's words end at `to`.
      const at = list.find((s) => (s.isBreak ? from === s.from + 1 : from >= s.from && from <= s.to));
      setActive(at?.id ?? null);
    };
    editor.on("selectionUpdate", read);
    return () => {
      editor.off("selectionUpdate", read);
    };
  }, [editor, list]);
  return [active, setActive] as const;
}

interface CardProps {
  editor: Editor;
  suggestion: PersonSuggestion;
  canDecide: boolean;
  own: boolean;
  active: boolean;
  onActivate: () => void;
  onComment: () => void;
}

function SuggestionCard({ editor, suggestion: s, canDecide, own, active, onActivate, onComment }: CardProps) {
  const select = () => {
    // A break: the caret at the start of the block after it.
    const range = s.isBreak ? { from: s.from + 1, to: s.from + 1 } : { from: s.from, to: s.to };
    editor.chain().setTextSelection(range).scrollIntoView().run();
    onActivate();
  };
  const decide = (decision: "accept" | "reject") => (e: React.MouseEvent) => {
    e.stopPropagation();
    decideOne(editor, s.id, decision);
  };
  const what = describeSuggestion(s);
  return (
    <article
      aria-label={`Suggestion by ${s.authorName}: ${what}`}
      data-suggestion-card={s.id}
      data-active={active || undefined}
      onClick={select}
      onFocus={onActivate}
      className={cn(
        "flex flex-col gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-[box-shadow,transform]",
        active && "z-10 -translate-x-2 border-primary shadow-lg",
      )}
    >
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate font-medium">{s.authorName}</span>
        <time className="shrink-0 text-muted-foreground" dateTime={s.createdAt ?? undefined}>
          {suggestionTime(s.createdAt)}
        </time>
      </div>
      <p className="text-sm wrap-anywhere">
        {s.isBreak && (
          <>
            <ins className="font-medium text-success no-underline">¶</ins> {s.authorName} suggested a new paragraph
          </>
        )}
        {s.removed && <del className="text-destructive decoration-2">{s.removed.length > 80 ? `${s.removed.slice(0, 80)}…` : s.removed}</del>}
        {s.removed && s.inserted && " "}
        {s.inserted && <ins className="font-medium text-success no-underline">{s.inserted.length > 80 ? `${s.inserted.slice(0, 80)}…` : s.inserted}</ins>}
      </p>
      <div className="flex flex-wrap items-center justify-end gap-1">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          aria-label="Comment on this suggestion"
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            e.stopPropagation();
            select();
            onComment();
          }}
        >
          <MessageSquarePlus aria-hidden="true" />
        </Button>
        {canDecide ? (
          <>
            <Button type="button" size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={decide("reject")}>
              <X aria-hidden="true" /> Reject
            </Button>
            <Button type="button" size="sm" className="h-7 px-2 text-xs" onClick={decide("accept")}>
              <Check aria-hidden="true" /> Accept
            </Button>
          </>
        ) : (
          own && (
            <Button type="button" size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={decide("reject")}>
              <Undo2 aria-hidden="true" /> Withdraw
            </Button>
          )
        )}
      </div>
    </article>
  );
}

export default function SuggestingLayer({ editor, mode, author, canDecide, wide, onTracking, onComment }: SuggestingSlotProps) {
  useTracking(editor, mode === "suggesting", author, onTracking);
  useBreakMarkers(editor);
  const list = useDocReading(editor, SUGGESTIONS_READING);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [active, setActive] = useActiveSuggestion(editor, list);
  useActiveHighlight(editor, active);
  const [column, setColumn] = useState<HTMLElement | null>(null);
  // Each card beside the first line of its change: one position into its words (so words
  // starting at a line's end are not read as the line before), or the start of the block a
  // break makes. The list is in document order, and so are the cards and their tab order.
  const anchors = useMemo<MarginAnchor[]>(() => list.map((s) => ({ id: s.id, pos: s.from + 1 })), [list]);
  const { tops, measure } = useMarginLayout(wide ? editor : null, column, anchors, active);
  // The last suggestion decided closes the sheet: left open, it would come back by itself (and
  // take the focus from the text) the moment an undo or a co-editor brings a suggestion back.
  if (list.length === 0 && sheetOpen) setSheetOpen(false);
  if (!editor || list.length === 0) return null;
  const count = list.length === 1 ? "1 suggestion" : `${list.length} suggestions`;
  const header = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span aria-live="polite" className="text-xs text-muted-foreground" data-testid="person-suggestion-count">
        {count}
      </span>
      {canDecide && (
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => decideAll(editor, "reject")}>
            Reject all
          </Button>
          <Button type="button" size="sm" variant="secondary" className="h-7 px-2 text-xs" onClick={() => decideAll(editor, "accept")}>
            Accept all
          </Button>
        </div>
      )}
    </div>
  );
  // On a phone the comment's sheet takes the place of this one.
  const comment = () => {
    setSheetOpen(false);
    onComment();
  };
  const card = (s: PersonSuggestion) => (
    <SuggestionCard
      editor={editor}
      suggestion={s}
      canDecide={canDecide}
      own={!!author && s.author === author.id}
      active={active === s.id}
      onActivate={() => setActive(s.id)}
      onComment={comment}
    />
  );
  if (wide) {
    return (
      <aside aria-label="Suggestions" className="flex w-72 shrink-0 flex-col border-l bg-muted/30" data-suggestions-margin>
        <div className="flex items-center gap-2 border-b bg-background px-3 py-2">
          <FilePen aria-hidden="true" className="size-4 text-muted-foreground" />
          <h2 className="text-sm font-semibold">Suggestions</h2>
        </div>
        <div className="border-b bg-background px-3 py-2">{header}</div>
        <div ref={setColumn} className="relative min-h-0 flex-1 overflow-hidden">
          {list.map((s) => (
            <div key={s.id} ref={measure(s.id)} className="absolute inset-x-3 transition-[top] duration-150" style={{ top: tops[s.id] ?? 0 }}>
              {card(s)}
            </div>
          ))}
        </div>
      </aside>
    );
  }
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className="fixed right-3 bottom-20 z-30 shadow-md"
        aria-haspopup="dialog"
        onClick={() => setSheetOpen(true)}
      >
        <FilePen aria-hidden="true" /> {count}
      </Button>
      <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
        <SheetContent side="bottom" closeLabel="Close suggestions" aria-describedby={undefined} className="gap-3">
          <SheetTitle className="text-base">Suggestions</SheetTitle>
          {header}
          <div className="flex flex-col gap-3">
            {list.map((s) => (
              <div key={s.id}>{card(s)}</div>
            ))}
          </div>
        </SheetContent>
      </Sheet>
    </>
  );
}
