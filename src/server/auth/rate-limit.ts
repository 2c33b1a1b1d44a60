// A small fixed-window rate limiter kept in this process's memory (one server process is
// the deployment model; several instances would each count separately). It reads the
// app clock, so tests move time with t.clock.advance() instead of sleeping.
import { gotrue } from "./gotrue-error.js";

export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
  /** GoTrue's code: per-IP request limits vs per-address email-sending limits. */
  code: "over_request_rate_limit" | "over_email_send_rate_limit";
}

const MIN = 60_000;

// Chosen to stop guessing and mail-bombing while leaving room for a busy office behind one IP.
export const AUTH_RATE_RULES = {
  passwordPerIp: { name: "password-ip", limit: 60, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  passwordPerEmail: { name: "password-email", limit: 10, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  refreshPerIp: { name: "refresh-ip", limit: 300, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  signupPerIp: { name: "signup-ip", limit: 100, windowMs: 10 * MIN, code: "over_request_rate_limit" },
  verifyPerIp: { name: "verify-ip", limit: 60, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  emailPerIp: { name: "email-ip", limit: 30, windowMs: 60 * MIN, code: "over_request_rate_limit" },
  /** One email of a kind (confirmation, recovery, email change) per address per minute; key "kind:address". */
  emailPerAddress: { name: "email-address", limit: 1, windowMs: MIN, code: "over_email_send_rate_limit" },
} satisfies Record<string, RateRule>;

export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private now: () => Date) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(rule: RateRule, key: string): number {
    const now = this.now().getTime();
    this.sweep(now);
    const id = `${rule.name}:${key}`;
    let w = this.windows.get(id);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(id, w);
    }
    if (w.count >= rule.limit) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    w.count += 1;
    return 0;
  }

  /** Like hit(), but throws GoTrue's 429 with Retry-After. */
  enforce(rule: RateRule, key: string): void {
    const wait = this.hit(rule, key);
    if (wait > 0) {
      const msg =
        rule.code === "over_email_send_rate_limit"
          ? `For security purposes, you can only request this after ${wait} seconds.`
          : "Request rate limit reached";
      throw gotrue.rateLimited(rule.code, msg, wait);
    }
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000 && now >= this.lastSweep) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
