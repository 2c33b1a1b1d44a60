// Loaded on a phone only, through phone-toolbar.tsx.
// The formatting bar on a phone (below the md breakpoint): one row fixed to the bottom of
// the visual viewport, so it rides just above the on-screen keyboard, with the most used
// actions (toolbar-actions.ts PHONE_BAR), one button for the AI tools and "More" for the
// rest in a bottom sheet. The sheets' code (and Radix's dialog) loads at the first press.
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { Ellipsis, Sparkles } from "lucide-react";
import { memo, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { lazyPart } from "../../../lib/lazy-part";
import { readFormatState, sameFormatState } from "./format-state";
import { ToolbarButton } from "./toolbar-button";
import { ActionButton } from "./action-button";
import { type ActionContext, PHONE_BAR } from "./toolbar-actions";
import { useKeyboardInset } from "./use-keyboard-inset";
import { useUndoState } from "./undo-state";

const loadMoreSheet = () => import("./more-sheet");
const MoreSheet = lazyPart(loadMoreSheet);
const loadAiSheet = () => import("./ai-sheet");
const AiSheet = lazyPart(loadAiSheet);

/** A thumb-sized button: 44 px square at least, sharing the row's width. */
const THUMB = "h-11 min-w-11 flex-1 [&_svg]:size-5";

/** Room kept between the caret line and the bar, in px. */
const CARET_GAP = 12;

export const PhoneToolbar = memo(function PhoneToolbar({
  editor,
  onAddLink,
  aiTools,
}: {
  editor: Editor;
  onAddLink: () => void;
  /** The AI toolbar, shown in a sheet from the bar's AI button; null hides the button. */
  aiTools: ReactNode;
}) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => readFormatState(e), equalityFn: sameFormatState });
  const history = useUndoState(editor);
  const inset = useKeyboardInset();
  const barRef = useRef<HTMLDivElement>(null);
  // What the bar covers at the bottom of the screen: the AI selection helper and the
  // suggestions' bar (fixed at the bottom too) stand on it rather than under it.
  // The editor keeps the caret clear of it too: as the writer types, the text scrolls so the
  // caret line stays above the bar (and the keyboard), not under them.
  useEffect(() => {
    const root = document.documentElement.style;
    const space = inset + (barRef.current?.offsetHeight ?? 0);
    root.setProperty("--phone-bar-space", `${space}px`);
    const { scrollMargin: _margin, scrollThreshold: _threshold, ...props } = editor.options.editorProps ?? {};
    const bottom = space + CARET_GAP;
    if (!editor.isDestroyed) {
      editor.setOptions({ editorProps: { ...props, scrollMargin: { top: 5, left: 5, right: 5, bottom }, scrollThreshold: { top: 0, left: 0, right: 0, bottom } } });
    }
    return () => {
      root.removeProperty("--phone-bar-space");
      if (!editor.isDestroyed) editor.setOptions({ editorProps: props });
    };
  }, [inset, editor]);
  const [sheet, setSheet] = useState<"more" | "ai" | null>(null);
  // Once a sheet has been opened it stays mounted, so it can slide out when closed.
  const [used, setUsed] = useState({ more: false, ai: false });
  const open = (which: "more" | "ai") => {
    setUsed((u) => ({ ...u, [which]: true }));
    setSheet(which);
  };
  const onOpenChange = (which: "more" | "ai") => (isOpen: boolean) => setSheet(isOpen ? which : null);
  const ctx: ActionContext = { editor, chain: () => editor.chain().focus(), onAddLink };

  return (
    <>
      <div
        ref={barRef}
        role="toolbar"
        aria-label="Formatting"
        data-testid="phone-toolbar"
        style={{ bottom: inset }}
        className="fixed inset-x-0 bottom-0 z-30 flex items-center border-t bg-card px-1 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] shadow-[0_-1px_3px_rgb(0_0_0/0.06)]"
      >
        {PHONE_BAR.map((id) => (
          <ActionButton key={id} id={id} state={s} history={history} ctx={ctx} className={THUMB} />
        ))}
        {aiTools && (
          <ToolbarButton label="AI tools" onClick={() => open("ai")} className={THUMB}>
            <Sparkles aria-hidden="true" />
          </ToolbarButton>
        )}
        <ToolbarButton label="More formatting" onClick={() => open("more")} className={THUMB}>
          <Ellipsis aria-hidden="true" />
        </ToolbarButton>
      </div>
      {used.more && (
        <Suspense fallback={null}>
          <MoreSheet open={sheet === "more"} onOpenChange={onOpenChange("more")} editor={editor} onAddLink={onAddLink} />
        </Suspense>
      )}
      {used.ai && aiTools && (
        <Suspense fallback={null}>
          <AiSheet open={sheet === "ai"} onOpenChange={onOpenChange("ai")}>
            {aiTools}
          </AiSheet>
        </Suspense>
      )}
    </>
  );
});

