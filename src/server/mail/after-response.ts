// Work that must not run on the request path: looking an address up, creating its token
// and sending its mail. A request for a known address would otherwise take measurably
// longer than one for an unknown address (11.6 ms vs 4.3 ms median on /auth/v1/recover),
// which tells anyone timing it who has an account. Tasks start on the next turn of the event
// loop, after the handler has returned its answer; a failure is logged, never thrown.
import type { AppContext } from "../context.js";

export interface AfterResponseQueue {
  /** Runs `task` after the current request has answered. */
  run(label: string, task: () => Promise<void>): void;
  /** Resolves once every queued task has finished (shutdown, tests). */
  drain(): Promise<void>;
}

type Log = (err: unknown, label: string) => void;

function createAfterResponseQueue(log: Log): AfterResponseQueue {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log(err, label))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

// One queue per app (the auth and billing routes share it), found from the app's context so
// shutdown and tests can wait for it without a new field on every context.
const queues = new WeakMap<AppContext, AfterResponseQueue>();
const fallbackLog: Log = (err, label) => console.error(`${label} failed after answering`, err);

export function afterResponseQueue(ctx: AppContext, log?: Log): AfterResponseQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    const logTo = log ?? fallbackLog;
    queue = createAfterResponseQueue((err, label) => logTo(err, label));
    queues.set(ctx, queue);
  }
  return queue;
}
