// The two "your text is at stake" dialogs: a 409 conflict and a copy found on the device.
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { docToPlainText } from "../../../shared/editor/text";
import type { DocNode } from "../../../shared/editor/schema";
import type { RemoteVersion } from "../../lib/autosave/controller";

function preview(content: unknown): string {
  let doc = content;
  if (typeof doc === "string") {
    try {
      doc = JSON.parse(doc);
    } catch {
      return "";
    }
  }
  const text = docToPlainText(doc as DocNode);
  return text.length > 280 ? `${text.slice(0, 280)}…` : text;
}

export function ConflictDialog({
  conflict,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: RemoteVersion | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  return (
    <ConfirmDialog
      open={conflict !== null}
      title="This document was changed elsewhere"
      description="Someone saved a newer version while you were editing. Your text has not been saved yet. Keep your version (it replaces theirs), or take theirs (your unsaved changes are discarded)."
      cancelLabel="Take theirs"
      confirmLabel="Keep mine"
      onCancel={onTakeTheirs}
      onConfirm={onKeepMine}
    >
      {conflict && (
        <div className="max-h-40 overflow-y-auto rounded-md border bg-muted p-3 text-sm">
          <p className="mb-1 font-medium">Their version: {conflict.title}</p>
          <p className="whitespace-pre-wrap text-muted-foreground">{preview(conflict.content) || "(empty)"}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}

export function RestoreDraftDialog({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: { title: string; content: string; savedAt: number } | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      open={draft !== null}
      title="Restore unsaved changes?"
      description={
        draft ? `This device kept changes to "${draft.title}" from ${new Date(draft.savedAt).toLocaleString()} that were not saved.` : ""
      }
      cancelLabel="Discard"
      confirmLabel="Restore"
      onCancel={onDiscard}
      onConfirm={onRestore}
    >
      {draft && (
        <div className="max-h-40 overflow-y-auto rounded-md border bg-muted p-3 text-sm whitespace-pre-wrap text-muted-foreground">
          {preview(draft.content) || "(empty)"}
        </div>
      )}
    </ConfirmDialog>
  );
}
