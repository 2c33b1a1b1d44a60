// The Trash: deleted documents for 30 days, newest first, each with Restore and Delete
// forever (asked first). A restore into a full plan says why it cannot.
import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { TRASH_DAYS, type TrashedDocument } from "../../../shared/contracts/documents";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../lib/toast";
import { formatUpdatedAt } from "./format";
import { errorMessage } from "./use-documents";
import { useDeleteForever, useRestoreDocument, useTrash } from "./use-trash";

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

export function TrashSection() {
  const trash = useTrash();
  const restore = useRestoreDocument();
  const forever = useDeleteForever();
  const [target, setTarget] = useState<TrashedDocument | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const onRestore = (doc: TrashedDocument) =>
    restore.mutate(doc.id, {
      onSuccess: () => toast({ title: "Document restored", description: `"${doc.title}" is back in your documents.` }),
      onError: (err) => toast({ title: "Not restored", description: errorMessage(err), variant: "destructive" }),
    });
  const onDeleteForever = () => {
    if (!target) return;
    forever.mutate(target.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast({ title: "Deleted for good", description: `"${target.title}" can no longer be restored.` });
      },
      onError: (err) => toast({ title: "Not deleted", description: errorMessage(err), variant: "destructive" }),
    });
  };

  return (
    <section aria-labelledby="trash-heading">
      <div className="mb-8">
        <h1 id="trash-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Trash
        </h1>
        <p className="mt-1 text-muted-foreground">Deleted documents stay here for {TRASH_DAYS} days, then they are deleted for good.</p>
      </div>
      {trash.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : trash.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 p-8 text-center">
          <p className="font-medium">The trash could not be loaded.</p>
          <Button variant="outline" className="mt-4" onClick={() => void trash.refetch()}>
            Try again
          </Button>
        </div>
      ) : trash.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <Trash2 aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold">The trash is empty</h2>
        </div>
      ) : (
        <ul className="divide-y rounded-xl border" aria-label="Deleted documents">
          {trash.data.map((doc) => (
            <li key={doc.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="trashed-document">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{doc.title}</p>
                <p className="text-sm text-muted-foreground">
                  Deleted <time dateTime={doc.deleted_at}>{formatUpdatedAt(doc.deleted_at)}</time> · deleted for good on{" "}
                  <time dateTime={doc.purge_at}>{formatDay(doc.purge_at)}</time>
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => onRestore(doc)} disabled={restore.isPending} aria-label={`Restore ${doc.title}`}>
                  <RotateCcw aria-hidden="true" />
                  Restore
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  onClick={() => {
                    setTarget(doc);
                    setConfirmOpen(true);
                  }}
                  aria-label={`Delete ${doc.title} forever`}
                >
                  <Trash2 aria-hidden="true" />
                  Delete forever
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete forever"
        description={`"${target?.title ?? ""}" will be deleted for good, with its share link and everyone's access. This cannot be undone.`}
        cancelLabel="Cancel"
        confirmLabel="Delete forever"
        onConfirm={onDeleteForever}
        destructive
        busy={forever.isPending}
        stayOpenOnConfirm
      />
    </section>
  );
}
