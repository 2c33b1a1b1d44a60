// A fixed-window rate limiter. Windows are counted in a RateWindowStore (providers/): this
// process's memory by default, Redis when REDIS_URL is set so that several instances count
// together. It reads the app clock, so tests move time with t.clock.advance() instead of
// sleeping. Each user of it says how a refusal is worded: GoTrue's error body for /auth/v1
// (auth/rate-rules.ts), the app's own for /api (billing/routes.ts).
//
// Why not @fastify/rate-limit: it counts every request to a route, while the sign-in
// lockouts count only failed passwords, per (IP, account) and per account, and must be
// checked before an attempt without counting it (wait()).
import type { RateWindowStore } from "./providers/types.js";

export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** The error thrown when `rule` is over its limit; `wait` is the Retry-After in seconds. */
export type RateRefusal<R extends RateRule> = (rule: R, wait: number) => Error;

const seconds = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

export class RateLimiter<R extends RateRule = RateRule> {
  constructor(
    private store: RateWindowStore,
    private now: () => Date,
    private refuse: RateRefusal<R>,
  ) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  async hit(rule: R, key: string): Promise<number> {
    return seconds(await this.store.hit(`${rule.name}:${key}`, rule.limit, rule.windowMs, this.now().getTime()));
  }

  /** The seconds to wait when `key` is already at its limit, else 0; counts nothing. */
  async wait(rule: R, key: string): Promise<number> {
    return seconds(await this.store.wait(`${rule.name}:${key}`, rule.limit, this.now().getTime()));
  }

  /** Like hit(), but throws the refusal (a 429 with Retry-After). */
  async enforce(rule: R, key: string): Promise<void> {
    this.throwIfWaiting(rule, await this.hit(rule, key));
  }

  /** Like wait(): throws the refusal while `key` is at its limit, without counting an attempt. */
  async enforceWaiting(rule: R, key: string): Promise<void> {
    this.throwIfWaiting(rule, await this.wait(rule, key));
  }

  private throwIfWaiting(rule: R, wait: number): void {
    if (wait > 0) throw this.refuse(rule, wait);
  }
}
