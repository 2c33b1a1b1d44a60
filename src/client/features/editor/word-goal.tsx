// The document's word-count goal in the stats panel: its progress, and for those who may
// write, a small form to set, change or clear it (PATCH /api/documents/:id/goal).
import { Target } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { WordGoalBody } from "../../../shared/contracts/documents";
import { WORD_GOAL_MAX } from "../../../shared/limits";
import { GoalProgress } from "../../components/goal-progress";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { apiJson } from "../../lib/api";
import { toast } from "../../lib/toast";
import type { StatsStore } from "./stats-store";
import { useDocStats } from "./stats-store";

export interface WordGoalProps {
  documentId: string;
  /** The goal as the document was read. */
  initial: number | null;
  /** May set it (owner or editor). */
  editable: boolean;
}

/** One goal per open document, shared by the panel beside the text and the phone's sheet. */
const goals = new Map<string, number | null>();

export function WordGoal({ stats, documentId, initial, editable }: WordGoalProps & { stats: StatsStore }) {
  const counted = useDocStats(stats);
  const [goal, setGoalState] = useState<number | null>(() => (goals.has(documentId) ? (goals.get(documentId) ?? null) : initial));
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const save = async (next: number | null) => {
    setSaving(true);
    try {
      const body: WordGoalBody = { word_goal: next };
      const res = await apiJson<WordGoalBody>("PATCH", `/api/documents/${encodeURIComponent(documentId)}/goal`, body);
      goals.set(documentId, res.word_goal);
      setGoalState(res.word_goal);
      setEditing(false);
    } catch (err) {
      toast({ title: "The goal was not saved", description: err instanceof Error ? err.message : "Try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value.replace(/[\s,.]/g, ""));
    if (!Number.isInteger(n) || n < 1 || n > WORD_GOAL_MAX) {
      setError(`Enter a number of words from 1 to ${WORD_GOAL_MAX.toLocaleString()}.`);
      return;
    }
    void save(n);
  };

  if (editing) {
    return (
      <form onSubmit={submit} className="grid gap-2" noValidate>
        <label htmlFor={inputId} className="text-sm text-muted-foreground">
          Word goal
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            inputMode="numeric"
            autoFocus
            value={value}
            className="h-8"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Escape") setEditing(false);
            }}
          />
          <Button type="submit" size="sm" disabled={saving}>
            Save
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {goal !== null && (
            <Button type="button" variant="ghost" size="sm" disabled={saving} onClick={() => void save(null)}>
              Remove goal
            </Button>
          )}
        </div>
      </form>
    );
  }

  const open = () => {
    setValue(goal ? String(goal) : "");
    setError(null);
    setEditing(true);
  };
  return (
    <div className="grid gap-2">
      {goal !== null && <GoalProgress words={counted?.words ?? 0} goal={goal} className={counted ? undefined : "invisible"} />}
      {editable && (
        <Button variant="ghost" size="sm" className="justify-start text-muted-foreground" onClick={open}>
          <Target aria-hidden="true" />
          {goal === null ? "Set a word goal" : "Change goal"}
        </Button>
      )}
    </div>
  );
}
