// The comments layer as the editor page places it: its code loads after the editor's first
// paint (when the browser is idle, or at once when the writer asks for comments), never
// with the editor itself.
import { Suspense } from "react";
import type { CommentsLayerProps } from "./comments-layer";
import { lazyPart, useLoadWhenIdle } from "../../lib/lazy-part";

const LazyCommentsLayer = lazyPart(() => import("./comments-layer"));

export function CommentsSlot(props: CommentsLayerProps & { ready: boolean }) {
  const { ready, ...layer } = props;
  // A link to a thread (?thread=…) opens the comments at once.
  const asked = layer.open || layer.commentRequest > 0 || window.location.search.includes("thread=");
  if (!useLoadWhenIdle(ready, asked)) return null;
  return (
    <Suspense fallback={null}>
      <LazyCommentsLayer {...layer} />
    </Suspense>
  );
}
