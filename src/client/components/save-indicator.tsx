// Whether the writer's work is stored, in the header of the editor and of an editable
// shared document (announced politely to screen readers).
import { AlertTriangle, Check, CloudOff, Loader2, RefreshCw } from "lucide-react";
import type { LiveSaveStatus } from "../lib/collab/live-document";

const SAVE_STATUS_TEXT: Record<LiveSaveStatus, string> = {
  saved: "Saved",
  saving: "Saving...",
  offline: "Offline — changes kept on this device",
  error: "Save failed — retrying",
  refused: "Not saved — kept on this device",
  reconnecting: "Reconnecting...",
};

const SAVE_STATUS_ICON = { saved: Check, saving: Loader2, offline: CloudOff, error: AlertTriangle, refused: AlertTriangle, reconnecting: RefreshCw };

export function SaveIndicator({ status }: { status: LiveSaveStatus }) {
  const Icon = SAVE_STATUS_ICON[status];
  const tone = status === "error" || status === "refused" ? "text-destructive" : "text-muted-foreground";
  return (
    <span role="status" aria-live="polite" data-save-status={status} className={`inline-flex items-center gap-1 text-xs whitespace-nowrap ${tone}`}>
      <Icon aria-hidden="true" className={`size-3.5 shrink-0 ${status === "saving" ? "animate-spin" : ""}`} />
      {SAVE_STATUS_TEXT[status]}
    </span>
  );
}
