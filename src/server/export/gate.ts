// PDF and Word files are laid out on the server's CPU. At most MAX_RUNNING are built at
// once per process; further requests wait their turn, and past MAX_WAITING the caller
// gets a 429 to retry shortly instead of piling up work the machine cannot finish.
import { rateLimited } from "../http/index.js";

const MAX_RUNNING = 2;
const MAX_WAITING = 16;
const RETRY_AFTER_SECONDS = 5;

export function createExportGate(maxRunning = MAX_RUNNING, maxWaiting = MAX_WAITING) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= maxRunning) {
      if (waiting.length >= maxWaiting) throw rateLimited("Too many exports are running. Please try again in a moment.", RETRY_AFTER_SECONDS);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
