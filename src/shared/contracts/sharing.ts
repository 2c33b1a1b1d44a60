// Sharing contracts:
// the owner's share settings, the public shared document and the visitor's unlock/edit calls.
import { z } from "zod";
import { DocumentContentInputSchema, DocumentTitleSchema } from "./documents.js";

export { SHARE_TOKEN_HEADER } from "./share-token.js";
/** How long an unlocked share token lives. */
export const SHARE_TOKEN_TTL_SECONDS = 60 * 60;
/** Failed unlock attempts allowed per visitor IP on one link within the window, then 429 for that IP on that link. */
export const SHARE_UNLOCK_MAX_FAILURES_PER_IP_LINK = 5;
/** Failed unlock attempts allowed per visitor IP over every link within the window. */
export const SHARE_UNLOCK_MAX_FAILURES_PER_IP = 30;
/**
 * Failed unlock attempts allowed per link from every IP together: a ceiling far above what
 * one guesser can reach, so a few guessers cannot lock out a visitor who knows the password.
 */
export const SHARE_UNLOCK_MAX_FAILURES_PER_LINK = 500;
export const SHARE_UNLOCK_WINDOW_MS = 15 * 60 * 1000;
const SHARE_PASSWORD_MAX_LENGTH = 200;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "must be a valid calendar date");

/**
 * PUT /api/documents/:id/share. Every field is optional: omitted keeps the stored value.
 * password: a string sets it, null removes it. expiresAt: a date (the link works through
 * the end of that day, UTC) or null for no expiry.
 */
export const shareSettingsInput = z.strictObject({
  isPublic: z.boolean().optional(),
  allowEditing: z.boolean().optional(),
  /** Visitors on the link see the comment threads (read only); off unless the owner turns it on. */
  showComments: z.boolean().optional(),
  expiresAt: isoDate.nullable().optional(),
  password: z.string().min(1, "must not be empty").max(SHARE_PASSWORD_MAX_LENGTH).nullable().optional(),
});
export type ShareSettingsInput = z.infer<typeof shareSettingsInput>;

/** The owner's view of the share settings; the password itself never leaves the server. */
export const shareSettings = z.object({
  isPublic: z.boolean(),
  allowEditing: z.boolean(),
  showComments: z.boolean(),
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type ShareSettings = z.infer<typeof shareSettings>;

/** GET /api/shared/:id: only what a visitor may see. */
export const sharedDocument = z.object({
  id: z.string(),
  title: z.string(),
  content: z.unknown(),
  updated_at: z.string(),
  allow_editing: z.boolean(),
  /** The owner shows the comments to visitors (GET /api/shared/:id/comments). */
  show_comments: z.boolean().optional(),
  version: z.number().int(),
});
export type SharedDocument = z.infer<typeof sharedDocument>;

export const unlockInput = z.object({ password: z.string().min(1).max(SHARE_PASSWORD_MAX_LENGTH) });
export const unlockResponse = z.object({ token: z.string(), expiresAt: z.string() });

/** PATCH /api/shared/:id: a visitor's edit, based on `version` (stale → 409 with the current document). */
export const sharedPatchInput = z.strictObject({
  title: DocumentTitleSchema.optional(),
  content: DocumentContentInputSchema.optional(),
  version: z.number().int().min(1),
});

/** "YYYY-MM-DD" of a moment in UTC. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The share link the dialog shows: {origin}/shared/{id}, ?edit=true and ?protected=true as in the spec. */
export function shareLink(origin: string, documentId: string, s: { allowEditing: boolean; hasPassword: boolean }): string {
  const params: string[] = [];
  if (s.allowEditing) params.push("edit=true");
  if (s.hasPassword) params.push("protected=true");
  return `${origin}/shared/${documentId}${params.length ? `?${params.join("&")}` : ""}`;
}
