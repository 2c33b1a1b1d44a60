// The words the version history shows: the day headings of the list, a version's time and
// kind, its authors, and how long versions are kept.
import type { VersionAuthor, VersionKind, VersionSummary } from "../../../shared/contracts/versions";

/** What kind of moment a version kept, as the list labels it. */
export const KIND_LABEL: Record<VersionKind, string> = {
  created: "First version",
  auto: "Automatic",
  session: "Session",
  restore: "Before restore",
  ai: "Before AI change",
  // A named version whose name was taken away.
  named: "Saved by a writer",
};

const KIND_NOTE: Record<VersionKind, string> = {
  created: "The document as it was created or imported. Kept as long as the document.",
  auto: "Kept automatically while the document was being edited.",
  session: "Kept when an editing session ended.",
  restore: "The text as it was just before an earlier version was restored.",
  ai: "The text as it was just before an AI change rewrote it.",
  named: "Saved by a writer; without a name it is kept like the automatic versions.",
};

/** What an opened version holds, and for a named one that it stays (retention skips named versions). */
export function versionNote(version: Pick<VersionSummary, "kind" | "name">): string {
  if (version.name === null) return KIND_NOTE[version.kind];
  return version.kind === "named" ? "Named: kept as long as the document." : `${KIND_NOTE[version.kind]} Named: kept as long as the document.`;
}

/** The longest name the server accepts (VERSION_NAME_MAX_LENGTH in src/shared/contracts/versions.ts; format.test.ts checks they agree). */
export const NAME_MAX_LENGTH = 100;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "Today", "Yesterday", or the date ("Monday, 3 March", with the year when not this year), in the reader's time zone. */
export function dayLabel(at: Date, now: Date, locale?: string): string {
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  return at.toLocaleDateString(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}

export function timeLabel(at: Date, locale?: string): string {
  return at.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
}

export interface DayGroup {
  label: string;
  versions: VersionSummary[];
}

/** The versions (newest first) in runs of one day each. */
export function groupByDay(versions: VersionSummary[], now: Date, locale?: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const v of versions) {
    const label = dayLabel(new Date(v.created_at), now, locale);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.versions.push(v);
    else groups.push({ label, versions: [v] });
  }
  return groups;
}

/** "Ann", "Ann and Bo", "Ann, Bo and 2 others"; empty when nobody is recorded. */
export function authorsLabel(authors: VersionAuthor[]): string {
  const names = authors.map((a) => a.name);
  if (names.length <= 2) return names.join(" and ");
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}

export function retentionLabel(days: number | null): string {
  if (days === null) return "Versions are kept as long as the document.";
  return `Versions are kept for ${days} days on your plan; named versions are kept as long as the document.`;
}
