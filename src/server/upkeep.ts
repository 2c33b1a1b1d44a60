// Periodic clean-up every instance runs (each task is idempotent, so several instances may run
// it at once): documents past their days in the trash, snapshots past their plan's retention.
// At start and then every hour.
import type { AppContext } from "./context.js";
import { purgeExpiredTrash } from "./documents/index.js";
import { purgeExpiredVersions } from "./versions/index.js";

export const UPKEEP_EVERY_MS = 60 * 60 * 1000;

export async function runUpkeep(ctx: AppContext): Promise<{ trash: number; versions: number }> {
  return { trash: await purgeExpiredTrash(ctx), versions: await purgeExpiredVersions(ctx) };
}

/** Starts the upkeep; returns the function that stops it. */
export function scheduleUpkeep(ctx: AppContext, log: (err: unknown) => void): () => void {
  const run = () => void runUpkeep(ctx).catch(log);
  run();
  const timer = setInterval(run, UPKEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
