// The alt text prompt: every picture needs a description for people who cannot see it
// (screen readers, a picture that fails to load), so inserting one asks for it and will not
// go on without it; the caption is optional. Mounted in its own React root when asked
// (askImageText), so it is downloaded only when a picture is first inserted or edited.
import { useId, useState } from "react";
import { createRoot } from "react-dom/client";
import { MAX_ALT_LENGTH, MAX_CAPTION_LENGTH } from "../../../../shared/editor/nodes/image";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

export interface ImageTextAnswer {
  alt: string;
  caption: string | null;
}

interface Props {
  preview: string | null;
  alt: string;
  caption: string;
  fileName?: string;
  editing: boolean;
  onDone: (answer: ImageTextAnswer | null) => void;
}

function ImageTextDialog({ preview, alt: initialAlt, caption: initialCaption, fileName, editing, onDone }: Props) {
  const [open, setOpen] = useState(true);
  const [alt, setAlt] = useState(initialAlt);
  const [caption, setCaption] = useState(initialCaption);
  const [tried, setTried] = useState(false);
  const altId = useId();
  const captionId = useId();
  const errorId = useId();
  const missing = alt.trim() === "";
  const finish = (answer: ImageTextAnswer | null) => {
    setOpen(false);
    onDone(answer);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && finish(null)}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!missing) finish({ alt: alt.trim(), caption: caption.trim() || null });
          }}
        >
          <DialogHeader>
            <DialogTitle>{editing ? "Picture description" : "Describe this picture"}</DialogTitle>
            <DialogDescription>Alt text is read aloud to people who cannot see the picture. Say what it shows and why it is here.</DialogDescription>
          </DialogHeader>
          {preview && <img src={preview} alt="" className="max-h-40 w-auto self-center rounded border object-contain" />}
          {fileName && <p className="truncate text-xs text-muted-foreground">{fileName}</p>}
          <div className="grid gap-2">
            <Label htmlFor={altId}>Alt text (required)</Label>
            <Input
              id={altId}
              value={alt}
              maxLength={MAX_ALT_LENGTH}
              autoFocus
              aria-required="true"
              aria-invalid={tried && missing}
              aria-describedby={tried && missing ? errorId : undefined}
              onChange={(e) => setAlt(e.target.value)}
              placeholder="e.g. A bar chart of sales by month, rising in spring"
            />
            {tried && missing && (
              <p id={errorId} className="text-sm text-destructive">
                Describe the picture to insert it.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={captionId}>Caption (optional)</Label>
            <Input id={captionId} value={caption} maxLength={MAX_CAPTION_LENGTH} onChange={(e) => setCaption(e.target.value)} placeholder="Shown under the picture" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => finish(null)}>
              Cancel
            </Button>
            <Button type="submit">{editing ? "Save" : "Insert picture"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Shows the prompt; resolves with the answer, or null when the writer cancels. */
export function askImageText(opts: { preview: string | null; alt?: string; caption?: string; fileName?: string; editing?: boolean }): Promise<ImageTextAnswer | null> {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    const done = (answer: ImageTextAnswer | null) => {
      resolve(answer);
      // After the closing animation.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 300);
    };
    root.render(
      <ImageTextDialog
        preview={opts.preview}
        alt={opts.alt ?? ""}
        caption={opts.caption ?? ""}
        fileName={opts.fileName}
        editing={opts.editing ?? false}
        onDone={done}
      />,
    );
  });
}
