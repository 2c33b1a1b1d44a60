import type { StatsStore } from "./stats-store";
import { useDocStats } from "./stats-store";

const n = (v: number) => v.toLocaleString();

/** Words · characters · reading time in the top toolbar. */
export function InlineStats({ store }: { store: StatsStore }) {
  const s = useDocStats(store);
  return (
    <p className="hidden items-center gap-3 text-xs text-muted-foreground tabular-nums md:flex">
      <span>{n(s.words)} words</span>
      <span>{n(s.characters)} characters</span>
      <span>{s.readingTime} min read</span>
    </p>
  );
}

/** The left panel's Document Stats card body. */
export function StatsList({ store }: { store: StatsStore }) {
  const s = useDocStats(store);
  return (
    <dl className="grid gap-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Words</dt>
        <dd className="font-medium tabular-nums">{n(s.words)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Reading Time</dt>
        <dd className="font-medium tabular-nums">{s.readingTime} min</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Characters</dt>
        <dd className="font-medium tabular-nums">{n(s.characters)}</dd>
      </div>
    </dl>
  );
}
