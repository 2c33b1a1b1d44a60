// The formatting bar on a phone (phone-toolbar-body.tsx). Only a narrow screen shows it, so
// only there does its code load; a wide screen's first load does without it.
import type { Editor } from "@tiptap/core";
import { memo, type ReactNode, Suspense } from "react";
import { lazyPart } from "../../../lib/lazy-part";

const Body = lazyPart(() => import("./phone-toolbar-body").then((m) => ({ default: m.PhoneToolbar })));

export const PhoneToolbar = memo(function PhoneToolbar(props: { editor: Editor; onAddLink: () => void; aiTools: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
});
