// One version, opened from the list: read-only, with what changed since the version before
// it marked, and what can be done with it: restore it (after a confirmation, since it
// replaces the text for everyone editing), name it, download it.
import { ChevronLeft, Download, RotateCcw } from "lucide-react";
import { useMemo } from "react";
import type { VersionSummary } from "../../../shared/contracts/versions";
import { EXPORT_FORMATS, EXPORT_LABEL } from "../../../shared/export/filename";
import { Button } from "../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../lib/toast";
import { downloadVersion } from "./api";
import { authorsLabel, dayLabel, KIND_LABEL, timeLabel, versionNote } from "./format";
import { NameForm } from "./name-form";
import { useVersionContent } from "./use-history";
import { diffVersions } from "./version-diff";
import { InlineChanges, VersionBody } from "./version-view";

interface VersionDetailProps {
  documentId: string;
  version: VersionSummary;
  /** The version kept before it, to compare with; null for the oldest one kept. */
  previous: VersionSummary | null;
  now: Date;
  onBack: () => void;
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
  restoring: boolean;
  onRestore: () => void;
  naming: boolean;
  onNamingChange: (naming: boolean) => void;
  nameBusy: boolean;
  nameError: string | null;
  onRename: (name: string | null) => void;
}

const when = (v: VersionSummary, now: Date) => `${dayLabel(new Date(v.created_at), now)}, ${timeLabel(new Date(v.created_at))}`;

function ChangeSummary({ previous, added, removed, now }: { previous: VersionSummary | null; added: number; removed: number; now: Date }) {
  if (!previous) return <p className="text-xs text-muted-foreground">The oldest version kept: there is nothing earlier to compare it with.</p>;
  const changes = [added && `${added} ${added === 1 ? "word" : "words"} added`, removed && `${removed} removed`].filter(Boolean).join(", ");
  return (
    <p data-testid="version-changes" className="text-xs text-muted-foreground">
      {changes ? `Changes since the version before (${when(previous, now)}): ${changes}.` : `No change to the text since the version before (${when(previous, now)}).`}
      {changes && (
        <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1" aria-hidden="true">
          <ins className="rounded-sm bg-success/15 px-1 text-foreground underline decoration-success decoration-2 underline-offset-2">added</ins>
          <del className="rounded-sm bg-destructive/10 px-1 text-muted-foreground line-through decoration-destructive decoration-2">removed</del>
        </span>
      )}
    </p>
  );
}

function DownloadMenu({ documentId, version }: { documentId: string; version: VersionSummary }) {
  const download = (format: (typeof EXPORT_FORMATS)[number]) =>
    downloadVersion(documentId, version, format).catch(() =>
      toast({ title: "Download failed", description: "The version could not be downloaded. Please try again.", variant: "destructive" }),
    );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Download aria-hidden="true" /> Download
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => void download(format)}>
            {EXPORT_LABEL[format]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function VersionDetail(props: VersionDetailProps) {
  const { version, previous, now } = props;
  const current = useVersionContent(props.documentId, version.id);
  const before = useVersionContent(props.documentId, previous?.id ?? null);
  const loading = current.isPending || (previous !== null && before.isPending);
  const failed = current.isError || before.isError;
  const diff = useMemo(
    () => (current.data && (!previous || before.data) ? diffVersions(before.data ?? null, current.data) : null),
    [current.data, before.data, previous],
  );
  const authors = authorsLabel(version.authors);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Button variant="ghost" size="sm" className="self-start px-2" onClick={props.onBack}>
        <ChevronLeft aria-hidden="true" /> All versions
      </Button>
      <header className="flex flex-col gap-0.5">
        <h3 data-version-heading="" tabIndex={-1} className="text-base font-semibold break-words outline-hidden">{version.name ?? KIND_LABEL[version.kind]}</h3>
        <p className="text-xs text-muted-foreground">
          {when(version, now)}
          {authors && ` · ${authors}`}
        </p>
        <p className="text-xs text-muted-foreground">{versionNote(version)}</p>
      </header>

      {props.confirming ? (
        <div data-testid="restore-confirm" className="flex flex-col gap-2 rounded-md border border-primary/40 bg-primary/5 p-3">
          <p className="text-sm">
            Restore this version? It replaces the text for everyone editing the document. The current state is kept in history as “Before restore”.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" autoFocus disabled={props.restoring} onClick={props.onRestore}>
              {props.restoring ? <Spinner label="Restoring" className="size-4 text-primary-foreground" /> : <RotateCcw aria-hidden="true" />}
              Yes, restore
            </Button>
            <Button size="sm" variant="ghost" disabled={props.restoring} onClick={() => props.onConfirmingChange(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : props.naming ? (
        <NameForm
          label={version.name ? "Rename this version" : "Name this version"}
          initial={version.name ?? ""}
          busy={props.nameBusy}
          error={props.nameError}
          onSave={props.onRename}
          onCancel={() => props.onNamingChange(false)}
          onRemove={version.name ? () => props.onRename(null) : undefined}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => props.onConfirmingChange(true)}>
            <RotateCcw aria-hidden="true" /> Restore this version
          </Button>
          <Button size="sm" variant="outline" onClick={() => props.onNamingChange(true)}>
            {version.name ? "Rename" : "Name"}
          </Button>
          <DownloadMenu documentId={props.documentId} version={version} />
        </div>
      )}

      {loading && <Spinner label="Loading the version" className="size-5" />}
      {failed && !loading && (
        <p role="alert" className="text-sm text-destructive">
          The version could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => (current.isError ? current.refetch() : before.refetch())}>
            Try again
          </button>
        </p>
      )}
      {diff && (
        <>
          <ChangeSummary previous={previous} added={diff.wordsAdded} removed={diff.wordsRemoved} now={now} />
          <article aria-label="Version text" className="min-w-0 rounded-md border bg-background p-3 text-sm sm:p-4">
            <p className="mb-3 text-xl font-bold tracking-tight break-words">
              {diff.title.length ? <InlineChanges pieces={diff.title} /> : <span className="text-muted-foreground">Untitled Document</span>}
            </p>
            <VersionBody doc={diff.doc} />
          </article>
        </>
      )}
    </div>
  );
}
