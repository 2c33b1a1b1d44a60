// The version history panel of the editor: the versions of the document by day, a form to
// name the current state, and a version opened read-only with its changes marked, to restore
// (the restored text reaches every open editor live, through the collaboration server) or
// download. On a wide screen it is a column beside the text; on a phone, a bottom sheet.
import { ChevronRight, History, RefreshCw, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { VersionSummary } from "../../../shared/contracts/versions";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { Spinner } from "../../components/ui/spinner";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { retentionLabel } from "./format";
import { NameForm } from "./name-form";
import { useHistoryActions, useVersionList } from "./use-history";
import { CurrentDetail, type CurrentText, VersionDetail } from "./version-detail";
import { VersionList } from "./version-list";

export interface HistoryPanelProps {
  documentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The document's stored version: when it moves, the list is read again (new versions appear live). */
  storedVersion: number;
  /** The text as the writer sees it now, to show and compare as "Current version". */
  getCurrent: () => { title: string; content: unknown };
}

// Tailwind's `md`, where the editor's own panels move beside the text.
const WIDE_QUERY = "(min-width: 768px)";
const subscribeWide = (onChange: () => void) => {
  const mq = window.matchMedia(WIDE_QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
};
const useWideScreen = () => useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE_QUERY).matches, () => true);

/** The server's reason for a refused name ("Name must not be empty"), or a general one. */
const nameError = (err: unknown) =>
  err ? (isApiError(err) && err.body?.message) || "The name could not be saved. Please try again." : null;

/** The row that stands for the text as it is now, above the kept versions. */
const CURRENT = "current";

function HistoryBody({ documentId, storedVersion, getCurrent }: Omit<HistoryPanelProps, "open" | "onOpenChange">) {
  const list = useVersionList(documentId);
  const actions = useHistoryActions(documentId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The current text, read when a view opens and again with every store while it is open
  // (storedVersion and selectedId are when to read it again).
  const current = useMemo(() => getCurrent() as CurrentText, [getCurrent, storedVersion, selectedId]);
  // Versions kept while the panel is open (by anyone's editing session) appear without a click.
  const { refresh } = actions;
  const seenVersion = useRef(storedVersion);
  useEffect(() => {
    if (seenVersion.current === storedVersion) return;
    seenVersion.current = storedVersion;
    void refresh();
  }, [storedVersion, refresh]);
  const [namingCurrent, setNamingCurrent] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  /** The row to give focus back to when the list shows again. */
  const returnTo = useRef<string | null>(null);
  const now = new Date();

  const versions = list.data?.pages.flatMap((page) => page.versions) ?? [];
  const retentionDays = list.data?.pages[0]?.retention_days;
  const index = versions.findIndex((v) => v.id === selectedId);
  const selected = index >= 0 ? versions[index]! : null;
  const newest = versions[0] ?? null;

  // Each view starts at its top, and focus follows the view (the control pressed is gone).
  useEffect(() => {
    root.current?.closest("[data-history-scroll]")?.scrollTo({ top: 0 });
    if (selectedId) root.current?.querySelector<HTMLElement>("[data-version-heading]")?.focus();
    else if (returnTo.current) root.current?.querySelector<HTMLElement>(`[data-version-id="${returnTo.current}"]`)?.focus();
  }, [selectedId]);

  const open = (version: VersionSummary) => {
    returnTo.current = version.id;
    setConfirming(false);
    actions.rename.reset();
    setRenaming(null);
    setSelectedId(version.id);
  };

  const rename = (version: VersionSummary, name: string | null) =>
    actions.rename.mutate({ versionId: version.id, name }, { onSuccess: () => setRenaming(null) });

  const nameCurrent = (name: string) =>
    actions.nameCurrent.mutate(name, {
      onSuccess: () => {
        setNamingCurrent(false);
        toast({ title: "Version named", description: `The current version is kept as “${name}”.` });
      },
    });

  const restore = (version: VersionSummary) =>
    actions.restore.mutate(version.id, {
      onSuccess: () => {
        setConfirming(false);
        returnTo.current = null;
        setSelectedId(null);
        toast({ title: "Version restored", description: "The previous state is kept in history." });
      },
      onError: () => toast({ title: "Restore failed", description: "The version could not be restored. Please try again.", variant: "destructive" }),
    });

  if (selectedId === CURRENT) {
    return (
      <div ref={root} className="min-w-0">
        <CurrentDetail documentId={documentId} current={current} newest={newest} now={now} onBack={() => setSelectedId(null)} />
      </div>
    );
  }

  if (selected) {
    return (
      <div ref={root} className="min-w-0">
        <VersionDetail
          documentId={documentId}
          version={selected}
          previous={versions[index + 1] ?? null}
          current={current}
          now={now}
          onBack={() => setSelectedId(null)}
          confirming={confirming}
          onConfirmingChange={setConfirming}
          restoring={actions.restore.isPending}
          onRestore={() => restore(selected)}
          naming={renaming === selected.id}
          onNamingChange={(on) => {
            actions.rename.reset();
            setRenaming(on ? selected.id : null);
          }}
          nameBusy={actions.rename.isPending}
          nameError={nameError(actions.rename.error)}
          onRename={(name) => rename(selected, name)}
        />
      </div>
    );
  }

  return (
    <div ref={root} className="flex min-w-0 flex-col gap-3">
      {retentionDays !== undefined && <p className="text-xs text-muted-foreground">{retentionLabel(retentionDays)}</p>}
      {namingCurrent ? (
        <NameForm
          label="Name the current version"
          busy={actions.nameCurrent.isPending}
          error={nameError(actions.nameCurrent.error)}
          onSave={nameCurrent}
          onCancel={() => setNamingCurrent(false)}
        />
      ) : (
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              actions.nameCurrent.reset();
              setNamingCurrent(true);
            }}
          >
            Name current version
          </Button>
          <Button variant="ghost" size="icon" className="ml-auto" aria-label="Refresh versions" disabled={list.isFetching} onClick={() => void actions.refresh()}>
            <RefreshCw aria-hidden="true" className={list.isFetching ? "animate-spin" : undefined} />
          </Button>
        </div>
      )}
      {list.isPending && <Spinner label="Loading versions" className="size-5" />}
      {list.isError && (
        <p role="alert" className="text-sm text-destructive">
          The versions could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      )}
      {list.data && versions.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No versions yet. One is kept every few minutes while the document is edited, when an editing session ends, before a restore, and whenever you name one.
        </p>
      )}
      {list.data && (
        <button
          type="button"
          data-testid="current-version-row"
          data-version-id={CURRENT}
          onClick={() => {
            returnTo.current = CURRENT;
            setSelectedId(CURRENT);
          }}
          className="flex min-w-0 items-start gap-2 rounded-md border border-success/40 bg-success/5 px-2 py-1.5 text-left outline-hidden hover:bg-success/10 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="text-sm font-semibold">Current version</span>
            <span className="truncate text-xs text-muted-foreground">
              The text as it is now
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
        </button>
      )}
      {versions.length > 0 && (
        <VersionList
          versions={versions}
          now={now}
          renaming={renaming}
          renameBusy={actions.rename.isPending}
          renameError={nameError(actions.rename.error)}
          onSelect={open}
          onRenameStart={(v) => {
            actions.rename.reset();
            setRenaming(v.id);
          }}
          onRenameCancel={() => setRenaming(null)}
          onRename={rename}
        />
      )}
      {list.hasNextPage && (
        <Button size="sm" variant="outline" className="self-start" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? "Loading older versions…" : "Show older versions"}
        </Button>
      )}
    </div>
  );
}

export default function HistoryPanel({ open, onOpenChange, ...body }: HistoryPanelProps) {
  const wide = useWideScreen();
  if (!wide) {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent side="bottom" closeLabel="Close history" aria-describedby={undefined} className="gap-3" data-history-scroll="">
          <SheetTitle className="flex items-center gap-2 pr-10 text-sm font-semibold">
            <History aria-hidden="true" className="size-4 text-primary" /> Version history
          </SheetTitle>
          <HistoryBody {...body} />
        </SheetContent>
      </Sheet>
    );
  }
  if (!open) return null;
  return (
    <aside
      aria-label="Version history"
      data-history-scroll=""
      className="flex w-96 shrink-0 flex-col gap-3 overflow-y-auto border-l bg-card p-4 text-card-foreground xl:w-[28rem]"
    >
      <header className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <History aria-hidden="true" className="size-4 text-primary" /> Version history
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close history" onClick={() => onOpenChange(false)}>
          <X aria-hidden="true" />
        </Button>
      </header>
      <HistoryBody {...body} />
    </aside>
  );
}
