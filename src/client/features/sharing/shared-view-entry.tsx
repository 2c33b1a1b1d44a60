// The shared view loads in its own chunk: it carries the visitor API's response schemas
// (zod), which the editor's Share button, exported from the same feature, must not pull in.
import { Suspense } from "react";
import { lazyPart } from "../../lib/lazy-part";

const View = lazyPart(() => import("./shared-view").then((m) => ({ default: m.SharedDocumentView })));

export function SharedDocumentView({ documentId }: { documentId: string }) {
  return (
    <Suspense
      fallback={<div className="mx-auto w-full max-w-3xl" role="status" aria-busy="true" aria-label="Loading document" />}
    >
      <View documentId={documentId} />
    </Suspense>
  );
}
