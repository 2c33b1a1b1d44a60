import { TRASH_DAYS } from "../../../shared/contracts/documents";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";

export interface DeleteDocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  deleting: boolean;
  onConfirm: () => void;
}

/** Asks before a document is deleted: it goes to the Trash, where it can be restored for 30 days. */
export function DeleteDocumentDialog({ open, onOpenChange, title, deleting, onConfirm }: DeleteDocumentDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Document"
      description={`Are you sure you want to delete "${title}"? It moves to the Trash, where you can restore it for ${TRASH_DAYS} days.`}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      destructive
      busy={deleting}
      stayOpenOnConfirm
    />
  );
}
