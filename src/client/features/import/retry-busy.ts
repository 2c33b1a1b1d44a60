// Sending a batch again while the server answers that it is busy with other imports (429 with
// Retry-After, src/server/import/gate.ts): a few times, waiting as long as the server asks
// (at most 10 s a time), before the caller reports the files as not imported.
import { isApiError } from "../../lib/api";

export const BUSY_RETRIES = 3;
const BUSY_WAIT_MAX_SECONDS = 10;

/** Seconds to wait before sending again, or null when `err` is not a busy answer. */
export function busyWait(err: unknown): number | null {
  if (!isApiError(err, 429)) return null;
  const seconds = Number(err.body?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, BUSY_WAIT_MAX_SECONDS) : 2;
}

export async function retryWhenBusy<T>(send: () => Promise<T>, wait = (seconds: number) => new Promise<void>((r) => setTimeout(r, seconds * 1000))): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const seconds = busyWait(err);
      if (seconds === null || attempt >= BUSY_RETRIES) throw err;
      await wait(seconds);
    }
  }
}
