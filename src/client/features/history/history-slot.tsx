// The version history panel as the editor page places it: its code (the panel, the version
// comparison and its diff library) loads the first time the writer opens it, not with the editor.
import { Suspense, useState } from "react";
import type { HistoryPanelProps } from "./history-panel";
import { lazyPart } from "../../lib/lazy-part";

const LazyHistoryPanel = lazyPart(() => import("./history-panel"));

export function HistoryPanel(props: HistoryPanelProps) {
  // Once opened it stays mounted, so a phone's sheet can animate closed.
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyHistoryPanel {...props} />
    </Suspense>
  );
}
