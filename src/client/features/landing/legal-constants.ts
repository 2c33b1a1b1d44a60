// The commitments the legal pages state.
export const LEGAL = {
  uptimeAim: "99.9%",
  noticeDays: 30,
  minimumAge: 13,
  deletionDays: 30,
  freeDocuments: 3,
  moneyBackDays: 14,
  contactEmail: "support@draftsmith.app",
  privacyEmail: "privacy@draftsmith.app",
} as const;

/** "Last updated" shows today's date (spec: the current date). */
export function lastUpdatedText(now = new Date()): string {
  return now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}
