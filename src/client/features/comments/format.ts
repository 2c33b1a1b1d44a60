// How a comment's time reads: "just now", "5 min ago", "3 h ago", then the date.
export function commentTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const s = Math.max(0, (now.getTime() - at.getTime()) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return at.toLocaleDateString(undefined, { day: "numeric", month: "short", year: at.getFullYear() === now.getFullYear() ? undefined : "numeric" });
}
