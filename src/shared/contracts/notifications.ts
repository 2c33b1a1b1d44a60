// Notifications: a mention in a comment (`@[Name](user-id)` in its text, src/shared/mentions.ts)
// or a reply in a thread one took part in. Each is an entry in the person's inbox (the bell on
// the dashboard, with the unread count) and, unless they turned comment emails off in
// Settings, part of their next notification email (the first at once, later ones gathered
// for NOTIFICATION_EMAIL_WINDOW_MINUTES into one).
import { z } from "zod";

export const NOTIFICATION_EMAIL_WINDOW_MINUTES = 5;
/** The most entries the inbox lists. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** GET /api/notifications?limit= */
export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_LIMIT).default(NOTIFICATION_LIST_LIMIT),
});

export const NotificationParamsSchema = z.object({ id: z.string() });
export const UnsubscribeParamsSchema = z.object({ token: z.string().min(1).max(300) });

export type NotificationKind = "mention" | "reply";

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  document_id: string;
  document_title: string;
  thread_id: string;
  actor_name: string;
  /** The comment's first words, mentions as @Name. */
  excerpt: string;
  created_at: string;
  read: boolean;
  /** The app's path that opens the document at the thread. */
  path: string;
}

/** GET /api/notifications */
export interface NotificationListResponse {
  notifications: NotificationView[];
  unread: number;
}

/** GET /api/notifications/unread, and the answer of every mark-read. */
export interface UnreadCountResponse {
  unread: number;
}

/** A person who may be mentioned in a document's comments (someone who can open it). */
export interface MentionablePerson {
  id: string;
  name: string;
  /** Shown to the owner only (who invited them); others see names. */
  email: string | null;
}

/** GET /api/documents/:id/mentionable */
export interface MentionableResponse {
  people: MentionablePerson[];
  /** The caller owns the document: the picker offers inviting someone new. */
  can_invite: boolean;
}

/** The app's path of a thread: the editor opens the comments at it. */
export const threadPath = (documentId: string, threadId: string) => `/editor/${encodeURIComponent(documentId)}?thread=${encodeURIComponent(threadId)}`;
