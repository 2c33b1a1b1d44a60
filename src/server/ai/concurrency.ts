// Per-user cap on AI calls in flight (per server process): a runaway client cannot tie up
// the provider or reserve a month's quota in one burst.
import { rateLimited } from "../http/errors.js";

export class InFlightLimiter {
  private counts = new Map<string, number>();
  constructor(private max: number) {}

  /** Takes a slot or throws 429; the returned function gives it back (idempotent). */
  acquire(userId: string): () => void {
    const n = this.counts.get(userId) ?? 0;
    if (n >= this.max) {
      throw rateLimited(`Too many AI requests at once: at most ${this.max} can run together. Please wait for one to finish.`, 1);
    }
    this.counts.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(userId) ?? 1) - 1;
      if (left <= 0) this.counts.delete(userId);
      else this.counts.set(userId, left);
    };
  }
}
