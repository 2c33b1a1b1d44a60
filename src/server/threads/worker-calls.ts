// Calls into a worker thread of our own (the embedded database, the grammar checker): each
// call carries an id and the worker answers { id, result } or { id, error }. The thread is
// referenced only while calls are pending, so an idle one never keeps the process alive;
// when it stops, every pending and later call fails with the reason.
import type { Worker } from "node:worker_threads";

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** A worker's plain error object as an Error, with its other fields (code, detail, …) kept. */
export function errorFrom(plain: Record<string, unknown>): Error {
  const err = new Error(String(plain.message));
  Object.assign(err, plain);
  return err;
}

export class WorkerCalls {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stopped: Error | null = null;

  /**
   * `stopReason` turns the thread's exit code into the error calls fail with; `onStop` sees
   * that error (or the thread's own) before any pending call is rejected with it.
   */
  constructor(
    private worker: Worker,
    stopReason: (exitCode: number) => Error,
    private onStop: (err: Error) => void = () => {},
  ) {
    worker.on("message", (msg: Reply) => {
      if (typeof msg?.id !== "number") return;
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.error) waiter.reject(errorFrom(msg.error));
      else waiter.resolve(msg.result);
    });
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => this.fail(stopReason(code)));
    worker.unref();
  }

  call<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  private fail(err: Error) {
    if (this.stopped) return;
    this.stopped = err;
    this.onStop(err);
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }
}
