import { useQueryClient } from "@tanstack/react-query";
import { ArrowUpDown, FilePlus2, Pin, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { DOCUMENT_SORTS, type DocumentSort, type DocumentSummary, TRASH_DAYS } from "../../../shared/contracts/documents";
import { DASHBOARD_PLACEHOLDER_CARDS } from "../../../shared/limits";
import { Button } from "../../components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { SUBSCRIPTION_QUERY_KEY } from "../../lib/subscription";
import { toast } from "../../lib/toast";
import { DeleteDocumentDialog } from "./delete-document-dialog";
import { DocumentCard } from "./document-card";
import { SORT_LABELS, setDocumentSort, useDocumentSort } from "./document-sort";
import { RenameDocumentDialog } from "./rename-document-dialog";
import {
  errorMessage,
  isDocumentLimitError,
  useCreateDocument,
  useDeleteDocument,
  useDocuments,
  usePinDocument,
  useRenameDocument,
} from "./use-documents";
import { useDocumentLimit } from "./use-document-limit";
import { useLiveDocumentList } from "./use-live-documents";

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";

function LimitNotice({ message }: { message: string }) {
  return (
    <div role="status" className="mb-6 flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-sm">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{message}</span>
      </p>
      <Button asChild size="sm">
        <a href="/#pricing">View plans</a>
      </Button>
    </div>
  );
}

export type DocumentFilter = "all" | "mine" | "shared";
const FILTERS: { value: DocumentFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "mine", label: "Mine" },
  { value: "shared", label: "Shared with me" },
];

/**
 * "Your Documents": the list, its loading and empty states, and the card actions; the filter
 * (all, mine, shared with me) is the page's, which also shows or hides "Shared with me".
 */
export function DocumentsSection({ filter = "all", onFilterChange }: { filter?: DocumentFilter; onFilterChange?: (f: DocumentFilter) => void }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const documents = useDocuments();
  const pinned = useDocuments({ pinned: true });
  const sort = useDocumentSort();
  const pin = usePinDocument();
  const limit = useDocumentLimit();
  const create = useCreateDocument();
  const rename = useRenameDocument();
  const remove = useDeleteDocument();
  // The target stays set while a dialog animates closed, so its text does not flash empty.
  const [renaming, setRenaming] = useState<DocumentSummary | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const openRename = (doc: DocumentSummary) => {
    setRenaming(doc);
    setRenameOpen(true);
  };
  const openDelete = (doc: DocumentSummary) => {
    setDeleting(doc);
    setDeleteOpen(true);
  };
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  useLiveDocumentList([...(pinned.items ?? []), ...(documents.items ?? [])]);
  const togglePin = (doc: DocumentSummary) =>
    pin.mutate(
      { id: doc.id, pinned: !doc.pinned },
      { onError: (err) => toast({ title: doc.pinned ? "Not unpinned" : "Not pinned", description: errorMessage(err), variant: "destructive" }) },
    );
  const cardsOf = (list: DocumentSummary[]) =>
    list.map((doc) => <DocumentCard key={doc.id} document={doc} onRename={openRename} onDelete={openDelete} onTogglePin={togglePin} />);
  const empty = documents.items?.length === 0 && pinned.items?.length === 0;

  const atLimit = limit?.atLimit ?? false;
  const notice =
    limitMessage ??
    (atLimit && limit?.limit != null
      ? `You've reached the ${limit.limit}-document limit of the ${limit.planName} plan. Upgrade to create more documents.`
      : null);

  /** At the plan's limit: says so and shows the plans (the dashboard opens them at #pricing), no error. */
  function offerUpgrade(message: string) {
    setLimitMessage(message);
    toast({ title: "Document limit reached", description: message });
    window.location.hash = "pricing";
  }

  function createDocument() {
    // The limit is known: explain and offer the upgrade instead of asking the server for a refusal.
    if (atLimit && notice) return offerUpgrade(notice);
    create.mutate(
      {},
      {
        onSuccess: (doc) => {
          setLimitMessage(null);
          toast({ title: "Document created", description: "Your new document has been created successfully." });
          navigate(`/editor/${doc.id}`);
        },
        onError: (err) => {
          if (isDocumentLimitError(err)) {
            // The plan may have changed elsewhere; let the notice reflect the server's view.
            void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
            return offerUpgrade(errorMessage(err));
          }
          toast({ title: "Error creating document", description: errorMessage(err), variant: "destructive" });
        },
      },
    );
  }

  function saveTitle(title: string) {
    if (!renaming) return;
    rename.mutate(
      { id: renaming.id, title, version: renaming.version },
      {
        onSuccess: () => setRenameOpen(false),
        onError: (err) => toast({ title: "Error updating document", description: errorMessage(err), variant: "destructive" }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleteOpen(false);
        setLimitMessage(null);
        toast({ title: "Document deleted", description: `It is in the Trash for ${TRASH_DAYS} days.` });
      },
      onError: (err) => toast({ title: "Error deleting document", description: errorMessage(err), variant: "destructive" }),
    });
  }

  const newButton = (label: string, icon = <Plus aria-hidden="true" />) => (
    <Button onClick={createDocument} disabled={create.isPending}>
      {icon}
      {create.isPending ? "Creating..." : label}
    </Button>
  );

  return (
    <section aria-labelledby="documents-heading">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="documents-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Your Documents
          </h1>
          <p className="mt-1 text-muted-foreground">Create and manage your writing projects</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <div className="w-40">
            <Select value={sort} onValueChange={(v) => setDocumentSort(v as DocumentSort)}>
              <SelectTrigger aria-label="Sort documents">
                <ArrowUpDown aria-hidden="true" />
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DOCUMENT_SORTS.map((s) => (
                  <SelectItem key={s} value={s}>
                    {SORT_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" asChild>
            <Link href="/trash">
              <Trash2 aria-hidden="true" />
              Trash
            </Link>
          </Button>
          {newButton("New Document")}
        </div>
      </div>

      {onFilterChange && (
        <fieldset className="mb-6 inline-flex rounded-lg border p-0.5">
          <legend className="sr-only">Show</legend>
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={filter === f.value ? "secondary" : "ghost"}
              aria-pressed={filter === f.value}
              onClick={() => onFilterChange(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </fieldset>
      )}

      {notice && <LimitNotice message={notice} />}

      {filter === "shared" ? null : documents.isPending ? (
        <ul className={GRID} aria-busy="true" aria-label="Loading documents">
          {Array.from({ length: DASHBOARD_PLACEHOLDER_CARDS }, (_, i) => (
            <li key={i} data-testid="document-skeleton" className="flex min-h-28 flex-col gap-3 rounded-xl border bg-card p-5">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="mt-auto h-4 w-1/2" />
            </li>
          ))}
        </ul>
      ) : documents.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 p-8 text-center">
          <p className="font-medium">Your documents could not be loaded.</p>
          <p className="mt-1 text-sm text-muted-foreground">{errorMessage(documents.error)}</p>
          <Button variant="outline" className="mt-4" onClick={() => void documents.refetch()}>
            Try again
          </Button>
        </div>
      ) : empty ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <FilePlus2 aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold">No documents yet</h2>
          <p className="mt-1 mb-6 text-muted-foreground">Create your first document to get started</p>
          {newButton("Create Document")}
        </div>
      ) : (
        <>
          {!!pinned.items?.length && (
            <>
              <h2 className="mb-3 flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                <Pin aria-hidden="true" className="size-4" />
                Pinned
              </h2>
              <ul className={cn(GRID, "mb-8")} aria-label="Pinned documents">
                {cardsOf(pinned.items)}
              </ul>
            </>
          )}
          <ul className={GRID} aria-label="Documents">
            {cardsOf(documents.items ?? [])}
          </ul>
          {documents.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void documents.fetchNextPage()} disabled={documents.isFetchingNextPage}>
                {documents.isFetchingNextPage ? "Loading..." : `Show more (${(documents.items?.length ?? 0) + (pinned.items?.length ?? 0)} of ${documents.total ?? "?"})`}
              </Button>
            </div>
          )}
        </>
      )}

      <RenameDocumentDialog
        open={renameOpen}
        onOpenChange={setRenameOpen}
        initialTitle={renaming?.title ?? ""}
        saving={rename.isPending}
        onSave={saveTitle}
      />
      <DeleteDocumentDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={deleting?.title ?? ""}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
