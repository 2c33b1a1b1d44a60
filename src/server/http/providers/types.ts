// Where rate-limit windows are counted. Two adapters: this process's memory (builtin.ts,
// the default, right for one instance) and Redis (redis.ts, when REDIS_URL is set), so
// that several instances behind one address count every attempt together; index.ts picks
// one. Times are the app clock's (ms), passed in, so tests move time without sleeping.
export interface RateWindowStore {
  readonly kind: "memory" | "redis";
  /**
   * Counts one hit on window `id` unless it is full; answers the ms to wait when it is
   * full (counting nothing), else 0. A window opens at the first hit and lasts `windowMs`.
   */
  hit(id: string, limit: number, windowMs: number, now: number): Promise<number>;
  /** The ms to wait when window `id` is full, else 0; counts nothing. */
  wait(id: string, limit: number, now: number): Promise<number>;
  close(): Promise<void>;
}
