// The comments layer as the editor page places it: its code loads when the document has
// comments to show (a passage carries a thread's anchor, or the live connection says a
// thread changed) or the writer asks for comments, never with the editor itself; a document
// nobody has commented on never loads it until asked.
import type { Mark, Node as PMNode } from "@tiptap/pm/model";
import { Suspense, useEffect, useState } from "react";
import { COMMENT_MARK } from "../../../shared/editor/comment-anchor";
import { lazyPart } from "../../lib/lazy-part";
import { holdsMark, useDocumentHolds } from "../../lib/use-document-holds";
import type { CommentsLayerProps } from "./comments-layer";

const LazyCommentsLayer = lazyPart(() => import("./comments-layer"));

const isAnchor = (mark: Mark) => mark.type.name === COMMENT_MARK;
const holdsComments = (doc: PMNode) => holdsMark(doc, isAnchor);

export function CommentsSlot(props: CommentsLayerProps & { ready: boolean }) {
  const { ready, ...layer } = props;
  const [loaded, setLoaded] = useState(false);
  const [changed, setChanged] = useState(false);
  const { onCommentsChanged } = layer;
  // Another person's new thread: the layer comes to show it (its anchor comes with the text too).
  useEffect(() => (loaded ? undefined : onCommentsChanged(() => setChanged(true))), [loaded, onCommentsChanged]);
  const anchored = useDocumentHolds(layer.editor, ready, holdsComments);
  // A link to a thread (?thread=…) opens the comments at once.
  const asked = layer.open || layer.commentRequest > 0 || window.location.search.includes("thread=");
  if (!loaded && (asked || anchored || changed)) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LazyCommentsLayer {...layer} />
    </Suspense>
  );
}
