// Counts recomputed shortly after typing pauses, outside React: components that show
// them subscribe; the editor and the page do not re-render for them.
import type { Editor } from "@tiptap/core";
import { useSyncExternalStore } from "react";
import { computeDocStats, type DocStats } from "./stats";

const RECOUNT_DELAY_MS = 250;
/** A hidden page draws no frames: the first count then comes after this at the latest. */
const FIRST_COUNT_MAX_WAIT_MS = 500;

export function createStatsStore() {
  // Null until the first count, which start() asks for once the text is shown: the counts
  // are not shown before it, so opening a document neither counts it nor formats numbers
  // (the first locale formatting costs tens of ms) before its text is painted.
  let stats: DocStats | null = null;
  let started = false;
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
      started = true;
      recount(editor);
    },
    /** The text is shown: the first count comes once the frame that shows it is drawn. */
    start(editor: Editor) {
      if (started) return;
      started = true;
      // A little after that frame, not in the tasks right behind it (the page may still be
      // finishing the frame's work there).
      requestAnimationFrame(() => {
        if (!stats) timer ??= setTimeout(() => recount(editor), 50);
      });
      firstTimer = setTimeout(() => recount(editor), FIRST_COUNT_MAX_WAIT_MS);
    },
    /** Counts once typing pauses for a moment (at most one count per pause); nothing before start(). */
    schedule(editor: Editor) {
      if (!started) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => recount(editor), RECOUNT_DELAY_MS);
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
