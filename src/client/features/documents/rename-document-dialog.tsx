import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { TITLE_MAX_LENGTH } from "../../../shared/limits";

export interface RenameDocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTitle: string;
  saving: boolean;
  /** Called with the trimmed, non-empty title. */
  onSave: (title: string) => void;
}

/** "Rename Document": a "Document Title" field, Cancel and Save ("Saving..." while it goes). */
export function RenameDocumentDialog({ open, onOpenChange, initialTitle, saving, onSave }: RenameDocumentDialogProps) {
  const [title, setTitle] = useState(initialTitle);
  useEffect(() => {
    if (open) setTitle(initialTitle);
  }, [open, initialTitle]);
  const trimmed = title.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!trimmed || saving) return;
    onSave(trimmed);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Rename Document</DialogTitle>
            <DialogDescription className="sr-only">Enter a new title for this document.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="rename-document-title">Document Title</Label>
            <Input
              id="rename-document-title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="Enter document title"
              maxLength={TITLE_MAX_LENGTH}
              autoFocus
              autoComplete="off"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
