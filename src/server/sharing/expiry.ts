// A share link's expiry is chosen as a date. Decision: the link
// works through the whole of that day in UTC and stops at the next midnight UTC. We store
// that instant (share_expires_at = the day after, 00:00:00Z) so every check is "now < expiry".
import { utcDate } from "../../shared/contracts/sharing.js";

const DAY_MS = 86_400_000;

/** "2026-03-01" → 2026-03-02T00:00:00Z, the first instant the link no longer works. */
export function expiryInstant(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS);
}

/** The stored instant back to the date the owner chose. */
export function expiryDate(instant: Date | null): string | null {
  return instant ? utcDate(new Date(instant.getTime() - DAY_MS)) : null;
}

/** A date before today (UTC) is refused: the link would already be dead. */
export function isBeforeToday(date: string, now: Date): boolean {
  return date < utcDate(now);
}
