// A word-count goal's progress: "421 of 1,500 words" and a bar, for the editor's stats and the
// dashboard's cards (both features show it, so it lives here).
import { cn } from "../lib/cn";

export function goalPercent(words: number, goal: number): number {
  return Math.min(100, Math.floor((words / goal) * 100));
}

export function GoalProgress({ words, goal, className }: { words: number; goal: number; className?: string }) {
  const percent = goalPercent(words, goal);
  const done = words >= goal;
  const label = `${words.toLocaleString()} of ${goal.toLocaleString()} words`;
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span className="tabular-nums">{label}</span>
        <span className={cn("tabular-nums", done && "font-medium text-success")}>{done ? "Goal reached" : `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Word goal"
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(words, goal)}
        aria-valuetext={`${label}${done ? ", goal reached" : `, ${percent}%`}`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full rounded-full", done ? "bg-success" : "bg-primary")} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
