import { cn } from "../../lib/cn";
import type { DocStats } from "./stats";
import type { StatsStore } from "./stats-store";
import { useDocStats } from "./stats-store";

// Made on the first count that is shown (see stats-store.ts): the locale's number formatting
// is set up then, after the document's text is on screen.
let formatter: Intl.NumberFormat | null = null;
function n(v: number): string {
  formatter ??= new Intl.NumberFormat();
  return formatter.format(v);
}

/** Until the first count: the same lines, kept invisible, without numbers (the layout does not move). */
const NOT_COUNTED = { words: "–", characters: "–", readingTime: "–" };

function shown(s: DocStats | null) {
  return s ? { words: n(s.words), characters: n(s.characters), readingTime: String(s.readingTime) } : NOT_COUNTED;
}

/** Words · characters · reading time in the top toolbar. */
export function InlineStats({ store }: { store: StatsStore }) {
  const stats = useDocStats(store);
  const s = shown(stats);
  return (
    <p
      data-testid="inline-stats"
      className={cn("hidden items-center gap-3 text-xs text-muted-foreground tabular-nums md:flex", !stats && "invisible")}
      aria-hidden={!stats || undefined}
    >
      <span>{s.words} words</span>
      <span>{s.characters} characters</span>
      <span>{s.readingTime} min read</span>
    </p>
  );
}

/** The left panel's Document Stats card body. */
export function StatsList({ store }: { store: StatsStore }) {
  const stats = useDocStats(store);
  const s = shown(stats);
  return (
    <dl className={cn("grid gap-2 text-sm", !stats && "invisible")} aria-hidden={!stats || undefined}>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Words</dt>
        <dd className="font-medium tabular-nums">{s.words}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Reading Time</dt>
        <dd className="font-medium tabular-nums">{s.readingTime} min</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Characters</dt>
        <dd className="font-medium tabular-nums">{s.characters}</dd>
      </div>
    </dl>
  );
}
