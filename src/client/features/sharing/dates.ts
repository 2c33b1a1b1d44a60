// The expiry date input's minimum: today. The server counts days in UTC, so
// west of UTC late in the evening "today" is already tomorrow there; take the later one
// so a date the input allows is never refused.
const ymd = (y: number, m: number, d: number) => `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

export function minExpiryDate(now: Date): string {
  const local = ymd(now.getFullYear(), now.getMonth(), now.getDate());
  const utc = ymd(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return [local, utc].sort()[1] as string;
}

/** "March 1, 2026" style date for the shared page's last-updated line. */
export function formatUpdated(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}
