// Periodic work every instance runs (each task is idempotent, so several instances may run
// it at once): documents past their days in the trash, snapshots past their plan's retention
// and images no document references any more (10 s after the start, then every hour); search vectors of documents that have rested a minute
// (every minute: search/refresh.ts); notification emails that waited for their person's
// batching window (every minute: notifications/mail-batch.ts, each claimed by one instance).
import type { AppContext } from "./context.js";
import { purgeExpiredTrash } from "./documents/index.js";
import { purgeUnreferencedImages } from "./images/index.js";
import { sendDueNotificationEmails } from "./notifications/index.js";
import { refreshRestingVectors } from "./search/index.js";
import { purgeExpiredVersions } from "./versions/index.js";

export const UPKEEP_EVERY_MS = 60 * 60 * 1000;
export const SEARCH_UPKEEP_EVERY_MS = 60 * 1000;

export async function runUpkeep(ctx: AppContext): Promise<{ trash: number; versions: number; images: number }> {
  const trash = await purgeExpiredTrash(ctx);
  // After the trash: images whose last document just went (or went with a deleted account).
  return { trash, versions: await purgeExpiredVersions(ctx), images: await purgeUnreferencedImages(ctx) };
}

/**
 * The first run waits this long after the start: its statements would otherwise be queued in
 * the database ahead of the first requests (on PGlite one thread runs them all in turn).
 */
export const FIRST_UPKEEP_AFTER_MS = 10_000;

/** Starts the upkeep; returns the function that stops it. */
export function scheduleUpkeep(ctx: AppContext, log: (err: unknown) => void): () => void {
  const run = () => void runUpkeep(ctx).catch(log);
  const first = setTimeout(run, FIRST_UPKEEP_AFTER_MS);
  first.unref();
  const timer = setInterval(run, UPKEEP_EVERY_MS);
  timer.unref();
  const searchTimer = setInterval(() => {
    void refreshRestingVectors(ctx).catch(log);
    void sendDueNotificationEmails(ctx).catch(log);
  }, SEARCH_UPKEEP_EVERY_MS);
  searchTimer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(searchTimer);
  };
}
