// The two "your text is at stake" dialogs: a 409 conflict and a copy found on the device.
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { docToPlainText } from "../../../shared/editor/text";
import type { DocNode } from "../../../shared/editor/schema";
import type { RemoteVersion } from "./autosave/controller";

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
    <AlertDialog open={conflict !== null}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>This document was changed elsewhere</AlertDialogTitle>
          <AlertDialogDescription>
            Someone saved a newer version while you were editing. Your text has not been saved yet. Keep your version (it
            replaces theirs), or take theirs (your unsaved changes are discarded).
          </AlertDialogDescription>
        </AlertDialogHeader>
        {conflict && (
          <div className="max-h-40 overflow-y-auto rounded-md border bg-muted p-3 text-sm">
            <p className="mb-1 font-medium">Their version: {conflict.title}</p>
            <p className="whitespace-pre-wrap text-muted-foreground">{preview(conflict.content) || "(empty)"}</p>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onTakeTheirs}>Take theirs</AlertDialogCancel>
          <AlertDialogAction onClick={onKeepMine}>Keep mine</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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
    <AlertDialog open={draft !== null}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Restore unsaved changes?</AlertDialogTitle>
          <AlertDialogDescription>
            {draft
              ? `This device kept changes to "${draft.title}" from ${new Date(draft.savedAt).toLocaleString()} that were not saved.`
              : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {draft && (
          <div className="max-h-40 overflow-y-auto rounded-md border bg-muted p-3 text-sm whitespace-pre-wrap text-muted-foreground">
            {preview(draft.content) || "(empty)"}
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onDiscard}>Discard</AlertDialogCancel>
          <AlertDialogAction onClick={onRestore}>Restore</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
