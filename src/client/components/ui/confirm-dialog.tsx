import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";

export interface ConfirmDialogProps {
  open: boolean;
  /** Omit it for a dialog only its two buttons can close (through the caller's state). */
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Shown between the description and the buttons (e.g. a preview). */
  children?: React.ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel?: () => void;
  onConfirm: () => void;
  destructive?: boolean;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  /** Keep the dialog open after Confirm; the caller closes it when the action is done. */
  stayOpenOnConfirm?: boolean;
}

/** An alert dialog with a title, a description and Cancel / Confirm buttons. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  destructive,
  busy,
  stayOpenOnConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? "destructive" : undefined}
            disabled={busy}
            onClick={(e) => {
              if (stayOpenOnConfirm) e.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
