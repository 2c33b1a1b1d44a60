// The add-link prompt. Its dialog (Radix's focus trap and scroll lock, the form) loads the
// first time it opens, so the editor's first load carries none of it; once opened it stays
// mounted, keeping its close animation.
import { Suspense, useState } from "react";
import type { LinkDialogProps } from "./link-form-dialog";
import { lazyPart } from "../../../lib/lazy-part";

const LinkFormDialog = lazyPart(() => import("./link-form-dialog").then((m) => ({ default: m.LinkFormDialog })));

export function LinkDialog(props: LinkDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LinkFormDialog {...props} />
    </Suspense>
  );
}
