// At most N events per second per channel reach a client: events closer together
// than 1000/N ms are coalesced, and only the latest is sent when the interval has passed.
export interface Coalescer<T> {
  push(value: T): void;
  cancel(): void;
}

export interface CoalescerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: CoalescerClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createCoalescer<T>(
  maxPerSecond: number,
  send: (value: T) => void,
  clock: CoalescerClock = realClock,
): Coalescer<T> {
  const interval = 1000 / maxPerSecond;
  let lastSent = Number.NEGATIVE_INFINITY;
  let pending: { value: T } | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSent = clock.now();
    send(value);
  };

  return {
    push(value) {
      pending = { value };
      if (timer !== null) return;
      const wait = lastSent + interval - clock.now();
      if (wait <= 0) flush();
      else timer = clock.setTimeout(flush, wait);
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
