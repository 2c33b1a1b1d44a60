import { AlertTriangle, Check, CloudOff, Loader2, Pencil } from "lucide-react";
import type { SaveStatus } from "../../lib/autosave/controller";

export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving...",
  offline: "Offline — changes kept on this device",
  error: "Save failed — retrying",
  conflict: "Not saved — version conflict",
};

/** The header's save status (announced politely to screen readers). */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const Icon = { saved: Check, unsaved: Pencil, saving: Loader2, offline: CloudOff, error: AlertTriangle, conflict: AlertTriangle }[status];
  const tone = status === "error" || status === "conflict" ? "text-destructive" : "text-muted-foreground";
  return (
    <span role="status" aria-live="polite" data-save-status={status} className={`inline-flex items-center gap-1 text-xs whitespace-nowrap ${tone}`}>
      <Icon aria-hidden="true" className={`size-3.5 ${status === "saving" ? "animate-spin" : ""}`} />
      {SAVE_STATUS_TEXT[status]}
    </span>
  );
}
