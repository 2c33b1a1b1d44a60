// Counts recomputed shortly after typing pauses, outside React: components that show
// them subscribe; the editor and the page do not re-render for them.
import type { Editor } from "@tiptap/core";
import { useSyncExternalStore } from "react";
import { computeDocStats, type DocStats, EMPTY_STATS } from "./stats";

const RECOUNT_DELAY_MS = 250;

export function createStatsStore() {
  let stats: DocStats = EMPTY_STATS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const recount = (editor: Editor) => {
    timer = null;
    if (editor.isDestroyed) return;
    const next = computeDocStats(editor.state.doc);
    if (next.words === stats.words && next.characters === stats.characters) return;
    stats = next;
    for (const l of listeners) l();
  };
  return {
    /** Counts now (document loaded or replaced). */
    now(editor: Editor) {
      if (timer) clearTimeout(timer);
      recount(editor);
    },
    /** Counts once typing pauses for a moment (at most one count per pause). */
    schedule(editor: Editor) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => recount(editor), RECOUNT_DELAY_MS);
    },
    get: () => stats,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      listeners.clear();
    },
  };
}
export type StatsStore = ReturnType<typeof createStatsStore>;

export function useDocStats(store: StatsStore): DocStats {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
