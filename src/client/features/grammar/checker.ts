// The page's side of the checker: one Web Worker (grammar.worker.ts), started on the first
// check, that checks paragraphs in batches and answers in order.
import type { CheckRequest, CheckResponse, Problem } from "./types";

export interface Checker {
  check(texts: string[]): Promise<Problem[][]>;
  dispose(): void;
}

export function createWorkerChecker(): Checker {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: Problem[][]) => void; reject: (e: Error) => void }>();

  function start(): Worker {
    const w = new Worker(new URL("./grammar.worker.ts", import.meta.url), { type: "module", name: "grammar" });
    w.onmessage = (event: MessageEvent<CheckResponse>) => {
      const waiter = pending.get(event.data.id);
      if (!waiter) return;
      pending.delete(event.data.id);
      if (event.data.error !== undefined) waiter.reject(new Error(event.data.error));
      else waiter.resolve(event.data.results);
    };
    w.onerror = (event) => {
      for (const waiter of pending.values()) waiter.reject(new Error(event.message || "The spelling checker stopped"));
      pending.clear();
      worker = null;
    };
    return w;
  }

  return {
    check(texts) {
      worker ??= start();
      const id = nextId++;
      const request: CheckRequest = { id, texts };
      const w = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage(request);
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      for (const waiter of pending.values()) waiter.reject(new Error("The spelling checker was closed"));
      pending.clear();
    },
  };
}

/** After the grammar service fails, the browser's own checker serves this long before the service is asked again. */
export const SERVICE_RETRY_MS = 60_000;

/**
 * The server's grammar service (LanguageTool, POST /api/grammar/check) where the operator has
 * connected one, as `serviceConnected()` says once it has resolved; the browser's own checker
 * (`local`) otherwise, and for a while after the service fails, so the marks never stop.
 */
export function createServiceChecker(local: Checker, serviceConnected: () => Promise<boolean>, post: (texts: string[]) => Promise<Problem[][]>, now = () => Date.now()): Checker {
  let decided: Promise<boolean> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  return {
    async check(texts) {
      decided ??= serviceConnected().catch(() => false);
      if (!(await decided) || now() - failedAt < SERVICE_RETRY_MS) return local.check(texts);
      try {
        return await post(texts);
      } catch {
        failedAt = now();
        return local.check(texts);
      }
    },
    dispose() {
      local.dispose();
    },
  };
}
