// Counts recomputed shortly after typing pauses, outside React: components that show
// them subscribe; the editor and the page do not re-render for them.
import type { Editor } from "@tiptap/core";
import { useSyncExternalStore } from "react";
import { computeDocStats, type DocStats } from "./stats";

const RECOUNT_DELAY_MS = 250;
/** The first count waits for a pause too, but no longer than this while changes keep coming. */
const FIRST_COUNT_MAX_WAIT_MS = 1000;

export function createStatsStore() {
  // Null until the first count: the counts are not shown before it, so opening a document
  // neither counts it nor formats numbers (the first locale formatting costs tens of ms)
  // before its text is on screen.
  let stats: DocStats | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const clearTimers = () => {
    if (timer) clearTimeout(timer);
    if (firstTimer) clearTimeout(firstTimer);
    timer = firstTimer = null;
  };
  const recount = (editor: Editor) => {
    clearTimers();
    if (editor.isDestroyed) return;
    const next = computeDocStats(editor.state.doc);
    if (stats && next.words === stats.words && next.characters === stats.characters) return;
    stats = next;
    for (const l of listeners) l();
  };
  return {
    /** Counts now. */
    now(editor: Editor) {
      recount(editor);
    },
    /** Counts once typing pauses for a moment (at most one count per pause). */
    schedule(editor: Editor) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => recount(editor), RECOUNT_DELAY_MS);
      if (!stats && !firstTimer) firstTimer = setTimeout(() => recount(editor), FIRST_COUNT_MAX_WAIT_MS);
    },
    /** The counts, or null before the first count. */
    get: () => stats,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose() {
      clearTimers();
      listeners.clear();
    },
  };
}
export type StatsStore = ReturnType<typeof createStatsStore>;

export function useDocStats(store: StatsStore): DocStats | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
