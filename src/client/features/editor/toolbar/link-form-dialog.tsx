// The add-link prompt: refuses schemes outside the allow-list with a message. Loaded on
// first use by link-dialog.tsx.
import type { Editor } from "@tiptap/core";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { parseLinkInput } from "../links";

export interface LinkDialogProps {
  editor: Editor | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}

export function LinkFormDialog({ editor, open, onOpenChange }: LinkDialogProps) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!open || !editor) return;
    const href = editor.getAttributes("link").href as string | undefined;
    setValue(href ?? "");
    setEditing(!!href);
    setError(null);
  }, [open, editor]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editor) return;
    const r = parseLinkInput(value);
    if (r.kind === "invalid") {
      setError(r.message);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (r.kind === "remove") chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive("link")) {
      // No text selected: insert the address itself as the link text.
      editor.chain().focus().insertContent({ type: "text", text: r.href, marks: [{ type: "link", attrs: { href: r.href } }] }).run();
    } else chain.setLink({ href: r.href }).run();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={(e) => { e.preventDefault(); editor?.commands.focus(); }}>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit link" : "Add link"}</DialogTitle>
          <DialogDescription>Enter the address. Leave it empty to remove the link.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>URL</Label>
            <Input
              id={inputId}
              value={value}
              autoFocus
              placeholder="https://example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Apply</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
