// The outline card of the document panel: the headings, indented by level, each a button that
// puts the cursor at the start of its heading and scrolls it to the top of the text (Docs'
// document outline). It follows the text a moment after typing pauses, like the counts.
import type { Editor } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";
import { ListTree } from "lucide-react";
import { cn } from "../../../lib/cn";
import { type DocReadingOptions, useDocReading } from "../../../lib/use-doc-reading";
import { type OutlineEntry, readOutline, sameOutline } from "./outline";

/** The headings, read again once typing has paused for 250 ms. */
const OUTLINE_READING: DocReadingOptions<OutlineEntry[]> = {
  read: readOutline,
  schedule: "debounce",
  delayMs: 250,
  none: [],
  readAtFirstRender: true,
  same: sameOutline,
};

/** Moves the cursor to the heading's start and shows it at the top of the text. */
export function jumpToHeading(editor: Editor, pos: number): void {
  if (editor.isDestroyed) return;
  const node = editor.state.doc.nodeAt(pos);
  if (!node || node.type.name !== "heading") return;
  const { tr } = editor.state;
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, pos + 1)));
  const dom = editor.view.nodeDOM(pos);
  if (dom instanceof HTMLElement) {
    dom.scrollIntoView({ block: "start" });
    // Blocks above it are drawn only near the view (content-visibility in editor.css): once
    // they are, their real heights can move it, so it is placed again on the next frame.
    requestAnimationFrame(() => dom.scrollIntoView({ block: "start" }));
  }
  editor.view.focus();
}

export function OutlineCard({ editor, onJump }: { editor: Editor | null; /** After a jump (the phone's sheet closes). */ onJump?: () => void }) {
  const outline = useDocReading(editor, OUTLINE_READING);
  const top = outline.reduce((m, e) => Math.min(m, e.level), 6);
  return (
    <section aria-labelledby="outline-heading" className="grid gap-2">
      <h2 id="outline-heading" className="flex items-center gap-2 text-sm font-semibold">
        <ListTree aria-hidden="true" className="size-4" />
        Outline
      </h2>
      {outline.length === 0 ? (
        <p className="text-xs text-muted-foreground">Headings you add appear here.</p>
      ) : (
        <nav aria-label="Outline">
          <ul className="grid gap-0.5">
            {outline.map((e) => (
              <li key={`${e.pos}-${e.level}`}>
                <button
                  type="button"
                  className={cn(
                    "w-full truncate rounded-md px-2 py-1 text-left text-sm outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                    e.level === top ? "font-medium" : "text-muted-foreground",
                  )}
                  // Indented by level below the document's top level, at most four steps.
                  style={{ paddingInlineStart: `${0.5 + Math.min(e.level - top, 4) * 0.75}rem` }}
                  title={e.text}
                  onClick={() => {
                    onJump?.();
                    if (editor) jumpToHeading(editor, e.pos);
                  }}
                >
                  {e.text}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
