/** A card's "last updated" line: the date and the time as hour:minute, in the user's locale. */
export function formatUpdatedAt(iso: string, locale?: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
  const time = d.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  return `${date} at ${time}`;
}
