import { Share2 } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { useRegisterCommands } from "../../lib/command-registry";
import { lazyPart } from "../../lib/lazy-part";

const ShareDialog = lazyPart(() => import("./share-dialog"));

/** The editor toolbar's Share button; opens the Share dialog (spec editor §2). */
export function ShareButton({ documentId }: { documentId: string }) {
  const [open, setOpen] = useState(false);
  // The command palette opens the same dialog.
  useRegisterCommands([{ id: "share", group: "Document", label: "Share…", keywords: "link invite people members", run: () => setOpen(true) }]);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Share2 aria-hidden="true" />
        Share
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog documentId={documentId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
