// The versions of a document, newest first, under a heading per day: each with its time,
// its name (named versions stand out) or what kind of moment it kept, and who wrote since the
// version before. A version opens on selection; each can be named or renamed in place.
import { Bookmark, ChevronRight } from "lucide-react";
import type { VersionSummary } from "../../../shared/contracts/versions";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { authorsLabel, groupByDay, KIND_LABEL, timeLabel } from "./format";
import { NameForm } from "./name-form";

interface VersionListProps {
  versions: VersionSummary[];
  now: Date;
  /** The version whose name form is open, if any. */
  renaming: string | null;
  renameBusy: boolean;
  renameError: string | null;
  onSelect: (version: VersionSummary) => void;
  onRenameStart: (version: VersionSummary) => void;
  onRenameCancel: () => void;
  onRename: (version: VersionSummary, name: string | null) => void;
}

function VersionRow({ version, props }: { version: VersionSummary; props: VersionListProps }) {
  const at = new Date(version.created_at);
  const authors = authorsLabel(version.authors);
  const named = version.name !== null;
  if (props.renaming === version.id) {
    return (
      <NameForm
        label={named ? `Rename the version of ${timeLabel(at)}` : `Name the version of ${timeLabel(at)}`}
        initial={version.name ?? ""}
        busy={props.renameBusy}
        error={props.renameError}
        onSave={(name) => props.onRename(version, name)}
        onCancel={props.onRenameCancel}
        onRemove={named ? () => props.onRename(version, null) : undefined}
      />
    );
  }
  return (
    <div
      data-testid="version-row"
      className={cn("group flex items-stretch rounded-md border", named ? "border-primary/40 bg-primary/5" : "border-transparent hover:bg-accent/60")}
    >
      <button
        type="button"
        data-version-id={version.id}
        onClick={() => props.onSelect(version)}
        className="flex min-w-0 flex-1 items-start gap-2 rounded-md px-2 py-1.5 text-left outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex min-w-0 items-baseline gap-2">
            <time dateTime={version.created_at} className="shrink-0 text-sm font-medium tabular-nums">
              {timeLabel(at)}
            </time>
            {named ? (
              <span className="flex min-w-0 items-center gap-1 text-sm font-semibold text-primary">
                <Bookmark aria-hidden="true" className="size-3.5 shrink-0 fill-current" />
                <span className="truncate">{version.name}</span>
              </span>
            ) : (
              <span className="truncate text-xs text-muted-foreground">{KIND_LABEL[version.kind]}</span>
            )}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {named && version.kind !== "named" ? `${KIND_LABEL[version.kind]} · ` : ""}
            {authors || "No one recorded"} · {version.word_count} {version.word_count === 1 ? "word" : "words"}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
      </button>
      <Button
        variant="ghost"
        size="sm"
        className="h-auto shrink-0 self-stretch px-2 text-xs text-muted-foreground"
        aria-label={`${named ? "Rename" : "Name"} the version of ${timeLabel(at)}`}
        onClick={() => props.onRenameStart(version)}
      >
        {named ? "Rename" : "Name"}
      </Button>
    </div>
  );
}

export function VersionList(props: VersionListProps) {
  return (
    <div className="flex flex-col gap-4">
      {groupByDay(props.versions, props.now).map((group) => (
        <section key={group.label} aria-label={group.label} className="flex flex-col gap-1">
          <h3 className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.label}</h3>
          <ul className="flex flex-col gap-1">
            {group.versions.map((v) => (
              <li key={v.id}>
                <VersionRow version={v} props={props} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
