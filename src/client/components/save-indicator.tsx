// Whether the writer's work is stored, in the header of the editor and of an editable
// shared document (announced politely to screen readers).
import { AlertTriangle, Check, CloudOff, Loader2 } from "lucide-react";
import type { LiveSaveStatus } from "../lib/collab/live-document";

const SAVE_STATUS_TEXT: Record<LiveSaveStatus, string> = {
  saved: "Saved",
  saving: "Saving...",
  offline: "Offline — changes kept on this device",
  error: "Save failed — retrying",
};

export function SaveIndicator({ status }: { status: LiveSaveStatus }) {
  const Icon = { saved: Check, saving: Loader2, offline: CloudOff, error: AlertTriangle }[status];
  const tone = status === "error" ? "text-destructive" : "text-muted-foreground";
  return (
    <span role="status" aria-live="polite" data-save-status={status} className={`inline-flex items-center gap-1 text-xs whitespace-nowrap ${tone}`}>
      <Icon aria-hidden="true" className={`size-3.5 ${status === "saving" ? "animate-spin" : ""}`} />
      {SAVE_STATUS_TEXT[status]}
    </span>
  );
}
