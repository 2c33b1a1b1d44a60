// Code the app loads on demand (pages, the editor's layers, dialogs), loaded so that a lost
// connection never takes the page down with it. A writer who opens a document on a train
// keeps typing while the comments layer waits for the network: before, one failed chunk
// request replaced the whole editor with "Something went wrong".
import { type ComponentType, lazy } from "react";

const MAX_WAIT_MS = 15_000;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves when the browser says it has a connection again (at once if it has one). */
function online(): Promise<void> {
  if (typeof navigator === "undefined" || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * Calls `load` until it succeeds. While the browser is offline it waits for the connection
 * (without counting); online, it tries again after 1, 2, 4, 8, then every 15 s. With `attempts`
 * it gives up after that many failures online, so a page whose code is gone from the server
 * (an older version after a deploy) reaches the error page with its Reload button; without,
 * it keeps trying, for parts of a page that can simply appear later.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, attempts = Number.POSITIVE_INFINITY): Promise<T> {
  let failures = 0;
  for (;;) {
    try {
      return await load();
    } catch (err) {
      if (typeof navigator !== "undefined" && !navigator.onLine) {
        await online();
        continue;
      }
      failures += 1;
      if (failures >= attempts) throw err;
      await wait(Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - 1)));
    }
  }
}

type Loaded<T extends ComponentType<any>> = Promise<{ default: T }>;

/** `React.lazy` for a part of a page: it shows once its code arrives, however long the connection is away. */
export function lazyPart<T extends ComponentType<any>>(load: () => Loaded<T>) {
  return lazy(() => loadWithRetry(load));
}

/** `React.lazy` for a whole page: waits out a lost connection, then gives up after three failures (the error page offers Reload). */
export function lazyPage<T extends ComponentType<any>>(load: () => Loaded<T>) {
  return lazy(() => loadWithRetry(load, 3));
}
