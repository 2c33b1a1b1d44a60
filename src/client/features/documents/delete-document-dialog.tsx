import { ConfirmDialog } from "../../components/ui/confirm-dialog";

export interface DeleteDocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  deleting: boolean;
  onConfirm: () => void;
}

/** Asks before a document is deleted: deleting cannot be undone. */
export function DeleteDocumentDialog({ open, onOpenChange, title, deleting, onConfirm }: DeleteDocumentDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Document"
      description={`Are you sure you want to delete "${title}"? This action cannot be undone.`}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      destructive
      busy={deleting}
      stayOpenOnConfirm
    />
  );
}
