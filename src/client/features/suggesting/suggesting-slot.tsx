// People's suggestions as the editor page places them. This file is on the editor's first
// load and holds nothing but the switch to load the rest: the layer (the tracking plugin,
// the cards) loads when the writer switches to Suggesting, a commenter opens the document,
// or the document holds a person's suggestion (made before, imported from Word, or arriving
// from a co-writer), so the owner sees suggestions others made. A document without any never
// loads it until someone suggests.
import type { Mark, Node as PMNode } from "@tiptap/pm/model";
import type { Editor } from "@tiptap/react";
import { Suspense, useState } from "react";
import { suggestedBreakOf } from "../../../shared/editor/suggested-break";
import { isPersonSuggestion, SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../../shared/editor/suggestion-names";
import { lazyPart } from "../../lib/lazy-part";
import { holdsMark, useDocumentHolds } from "../../lib/use-document-holds";

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

const isPersonal = (mark: Mark) => (mark.type.name === SUGGESTION_INSERT || mark.type.name === SUGGESTION_DELETE) && isPersonSuggestion(mark.attrs);
/** A suggested paragraph break is an attribute of the block after it, not a mark. */
function holdsBreak(doc: PMNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (!node.isTextblock) return true;
    if (isPersonSuggestion(suggestedBreakOf(node.attrs))) found = true;
    return false;
  });
  return found;
}
const holdsSuggestions = (doc: PMNode) => holdsMark(doc, isPersonal) || holdsBreak(doc);

export function SuggestingSlot(props: SuggestingSlotProps) {
  const [loaded, setLoaded] = useState(false);
  const suggested = useDocumentHolds(props.editor, props.ready, holdsSuggestions);
  if (!loaded && (props.mode === "suggesting" || suggested)) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LazyLayer {...props} />
    </Suspense>
  );
}
