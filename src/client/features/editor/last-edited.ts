// "Last edited …" from the document's real updated_at (the spec's static "just now" label
// is replaced by the actual time).
export function formatLastEdited(updatedAt: string | null, now: number): string {
  if (!updatedAt) return "Last edited just now";
  const then = Date.parse(updatedAt);
  if (Number.isNaN(then)) return "Last edited just now";
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return "Last edited just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Last edited ${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last edited ${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `Last edited ${days} day${days === 1 ? "" : "s"} ago`;
  return `Last edited ${new Date(then).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })}`;
}
