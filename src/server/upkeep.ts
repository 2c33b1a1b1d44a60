// Periodic work every instance runs (each task is idempotent, so several instances may run
// it at once): documents past their days in the trash, snapshots past their plan's retention
// (at start and then every hour); search vectors of documents that have rested a minute
// (every minute: search/refresh.ts).
import type { AppContext } from "./context.js";
import { purgeExpiredTrash } from "./documents/index.js";
import { refreshRestingVectors } from "./search/index.js";
import { purgeExpiredVersions } from "./versions/index.js";

export const UPKEEP_EVERY_MS = 60 * 60 * 1000;
export const SEARCH_UPKEEP_EVERY_MS = 60 * 1000;

export async function runUpkeep(ctx: AppContext): Promise<{ trash: number; versions: number }> {
  return { trash: await purgeExpiredTrash(ctx), versions: await purgeExpiredVersions(ctx) };
}

/** Starts the upkeep; returns the function that stops it. */
export function scheduleUpkeep(ctx: AppContext, log: (err: unknown) => void): () => void {
  const run = () => void runUpkeep(ctx).catch(log);
  run();
  const timer = setInterval(run, UPKEEP_EVERY_MS);
  timer.unref();
  const searchTimer = setInterval(() => void refreshRestingVectors(ctx).catch(log), SEARCH_UPKEEP_EVERY_MS);
  searchTimer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(searchTimer);
  };
}
