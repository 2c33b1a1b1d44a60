// People's suggestions as the editor page places them. This file is on the editor's first
// load and holds nothing but the switch to load the rest: the layer (the tracking plugin,
// the cards) loads when the writer switches to Suggesting, a commenter opens the document,
// or the browser is idle after the text has arrived (so the owner sees suggestions others made).
import type { Editor } from "@tiptap/react";
import { Suspense } from "react";
import { lazyPart, useLoadWhenIdle } from "../../lib/lazy-part";

export type EditMode = "editing" | "suggesting" | "viewing";

export interface SuggestingSlotProps {
  editor: Editor | null;
  /** The text has arrived. */
  ready: boolean;
  mode: EditMode;
  /** The person suggesting: their user id and the name shown on their suggestions. */
  author: { id: string; name: string } | null;
  /** The owner and editors accept and reject; a commenter only suggests and withdraws their own. */
  canDecide: boolean;
  wide: boolean;
  /** Says when typing is tracked as suggestions (the plugin is in the editor) and when not any more. */
  onTracking: (on: boolean) => void;
  /** Asks to comment on the selection (a suggestion's card selects its text first). */
  onComment: () => void;
}

const LazyLayer = lazyPart(() => import("./suggesting-layer"));

export function SuggestingSlot(props: SuggestingSlotProps) {
  if (!useLoadWhenIdle(props.ready, props.mode === "suggesting")) return null;
  return (
    <Suspense fallback={null}>
      <LazyLayer {...props} />
    </Suspense>
  );
}
