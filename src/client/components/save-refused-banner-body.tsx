// Loaded on demand through save-refused-banner.tsx.
// The server refused a change (too large, or one the document cannot hold): the writer is
// told at once why, that their text is kept on this device, and how to go on.
import { AlertTriangle } from "lucide-react";
import { COLLAB_CLOSE } from "../../shared/contracts/collab-wire";
import { DOCUMENT_MAX_BYTES } from "../../shared/limits";
import type { LiveRefusal } from "../lib/collab/live-document";
import { cn } from "../lib/cn";
import { Button } from "./ui/button";

const MAX_MB = Math.round(DOCUMENT_MAX_BYTES / (1024 * 1024));

/** The words for a refused change: a heading and what to do. */
export function refusalMessage(refusal: LiveRefusal): { title: string; body: string } {
  if (refusal.code === COLLAB_CLOSE.messageTooLarge) {
    return {
      title: "This change is too large to save",
      body: `A document can hold at most ${MAX_MB} MB. Your text is kept on this device. Undo the last change, then try again.`,
    };
  }
  return {
    title: "A change could not be saved",
    body: "The document cannot hold it. Your text is kept on this device. Undo the last change, then try again.",
  };
}

export function SaveRefusedBanner({ refusal, onRetry, className }: { refusal: LiveRefusal; onRetry: () => void; className?: string }) {
  const { title, body } = refusalMessage(refusal);
  return (
    <div
      role="alert"
      data-testid="save-refused"
      className={cn(
        "flex flex-wrap items-start gap-x-3 gap-y-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2.5 text-sm sm:flex-nowrap sm:items-center",
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive sm:mt-0" />
      {/* On a phone the words take the row and the button goes below them. */}
      <div className="min-w-0 flex-1 max-sm:basis-[calc(100%-1.75rem)]">
        <p className="font-medium text-destructive">{title}</p>
        <p className="text-foreground">{body}</p>
      </div>
      <Button variant="outline" size="sm" className="ml-7 sm:ml-0" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
