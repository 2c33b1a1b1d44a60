// One version, opened from the list: read-only, with what changed since the version before
// it (or from it to the current text) marked, and what can be done with it: restore it (after
// a confirmation, since it replaces the text for everyone editing), name it, download it.
// The current text opens the same way, compared with the last version kept.
import { ChevronLeft, Download, RotateCcw } from "lucide-react";
import { useMemo, useState } from "react";
import type { DocNode } from "../../../shared/editor/schema";
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

/** The document as the writer sees it now. */
export interface CurrentText {
  title: string;
  content: DocNode;
}

interface VersionDetailProps {
  documentId: string;
  version: VersionSummary;
  /** The version kept before it, to compare with; null for the oldest one kept. */
  previous: VersionSummary | null;
  /** The text now, for "compare with current". */
  current: CurrentText;
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

/** What a comparison's counts are about: "since the version before (…)", "from this version to the current text". */
function ChangeSummary({ against, added, removed }: { against: string | null; added: number; removed: number }) {
  if (!against) return <p className="text-xs text-muted-foreground">The oldest version kept: there is nothing earlier to compare it with.</p>;
  const changes = [added && `${added} ${added === 1 ? "word" : "words"} added`, removed && `${removed} removed`].filter(Boolean).join(", ");
  return (
    <p data-testid="version-changes" className="text-xs text-muted-foreground">
      {changes ? `Changes ${against}: ${changes}.` : `No change to the text ${against}.`}
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

function Comparison({ diff, against }: { diff: ReturnType<typeof diffVersions>; against: string | null }) {
  return (
    <>
      <ChangeSummary against={against} added={diff.wordsAdded} removed={diff.wordsRemoved} />
      <article aria-label="Version text" className="min-w-0 rounded-md border bg-background p-3 text-sm sm:p-4">
        <p className="mb-3 text-xl font-bold tracking-tight break-words">
          {diff.title.length ? <InlineChanges pieces={diff.title} /> : <span className="text-muted-foreground">Untitled Document</span>}
        </p>
        <VersionBody doc={diff.doc} />
      </article>
    </>
  );
}

const BackToList = ({ onBack }: { onBack: () => void }) => (
  <Button variant="ghost" size="sm" className="self-start px-2" onClick={onBack}>
    <ChevronLeft aria-hidden="true" /> All versions
  </Button>
);

type CompareWith = "previous" | "current";

export function VersionDetail(props: VersionDetailProps) {
  const { version, previous, now } = props;
  const [compareWith, setCompareWith] = useState<CompareWith>("previous");
  const current = useVersionContent(props.documentId, version.id);
  const before = useVersionContent(props.documentId, previous?.id ?? null);
  const toCurrent = compareWith === "current";
  const loading = current.isPending || (!toCurrent && previous !== null && before.isPending);
  const failed = current.isError || (!toCurrent && before.isError);
  const diff = useMemo(() => {
    if (!current.data) return null;
    // To the current text: what this version had, changed into what is there now.
    if (toCurrent) return diffVersions(current.data, props.current);
    return !previous || before.data ? diffVersions(before.data ?? null, current.data) : null;
  }, [current.data, before.data, previous, toCurrent, props.current]);
  const against = toCurrent ? "from this version to the current text" : previous && `since the version before (${when(previous, now)})`;
  const authors = authorsLabel(version.authors);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <BackToList onBack={props.onBack} />
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
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <legend className="sr-only">Compare with</legend>
        <span aria-hidden="true" className="text-muted-foreground">
          Compare with:
        </span>
        {(
          [
            ["previous", "the version before"],
            ["current", "the current version"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-1">
            <input type="radio" name="compare-with" value={value} checked={compareWith === value} onChange={() => setCompareWith(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {diff && <Comparison diff={diff} against={against} />}
    </div>
  );
}

/** The text as it is now, with what changed since the last version kept. */
export function CurrentDetail(props: { documentId: string; current: CurrentText; newest: VersionSummary | null; now: Date; onBack: () => void }) {
  const { newest, now } = props;
  const last = useVersionContent(props.documentId, newest?.id ?? null);
  const diff = useMemo(
    () => (!newest || last.data ? diffVersions(last.data ?? null, props.current) : null),
    [last.data, newest, props.current],
  );
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <BackToList onBack={props.onBack} />
      <header className="flex flex-col gap-0.5">
        <h3 data-version-heading="" tabIndex={-1} className="text-base font-semibold outline-hidden">
          Current version
        </h3>
        <p className="text-xs text-muted-foreground">The text as everyone editing sees it now, changes not yet kept as a version included.</p>
      </header>
      {newest && last.isPending && <Spinner label="Loading the last version" className="size-5" />}
      {last.isError && (
        <p role="alert" className="text-sm text-destructive">
          The last version could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void last.refetch()}>
            Try again
          </button>
        </p>
      )}
      {diff && <Comparison diff={diff} against={newest && `since the last version kept (${when(newest, now)})`} />}
    </div>
  );
}
