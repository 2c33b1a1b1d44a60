// The banner for a change the server refused (save-refused-banner-body.tsx): its code loads
// when a change is first refused, which most sessions never see. The refusal comes from the
// server, so the connection is there to fetch it.
import { Suspense } from "react";
import type { LiveRefusal } from "../lib/collab/live-document";
import { lazyPart } from "../lib/lazy-part";

const Body = lazyPart(() => import("./save-refused-banner-body").then((m) => ({ default: m.SaveRefusedBanner })));

export function SaveRefusedBanner(props: { refusal: LiveRefusal; onRetry: () => void; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}
