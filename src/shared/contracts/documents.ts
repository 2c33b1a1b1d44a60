// Documents API and realtime wire contracts, used by server and client.
// Records are snake_case like the spec's table rows; timestamps are ISO strings.
import { z } from "zod";
import type { DocNode } from "../editor/schema.js";
import { TITLE_MAX_LENGTH, WORD_GOAL_MAX } from "../limits.js";

/** A title as stored: trimmed, non-empty, at most 255 characters. */
export const DocumentTitleSchema = z
  .string()
  .trim()
  .min(1, "Title must not be empty")
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);

/**
 * Content as sent: a ProseMirror JSON object, or the same as a JSON string (the spec allows
 * both). The shape itself is checked against the shared editor schema by validateDocContent.
 */
export const DocumentContentInputSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);

export const CreateDocumentBodySchema = z.object({
  title: DocumentTitleSchema.optional(),
  content: DocumentContentInputSchema.optional(),
});
export type CreateDocumentBody = z.infer<typeof CreateDocumentBodySchema>;

export const UpdateDocumentBodySchema = z.object({
  title: DocumentTitleSchema.optional(),
  content: DocumentContentInputSchema.optional(),
  /** The version this edit is based on; a stale one gets 409 with the current document. */
  version: z.number().int().min(1),
});
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBodySchema>;

export const DocumentIdParamsSchema = z.object({ id: z.string() });

/**
 * GET /api/documents/:id. `content=live`: the live editor takes the text from its live session,
 * so the record comes without `content`, and the server starts loading the live state at once.
 */
export const DocumentReadQuerySchema = z.object({ content: z.literal("live").optional() });
export const DOCUMENT_CONTENT_LIVE = "live";

export { WORD_GOAL_MAX } from "../limits.js";

/** PATCH /api/documents/:id/goal: the word-count goal, or null to clear it. Answered with the same shape. */
export const WordGoalBodySchema = z.object({
  word_goal: z
    .number({ message: "word_goal must be a whole number of words or null" })
    .int("word_goal must be a whole number of words")
    .min(1, "A goal is at least 1 word")
    .max(WORD_GOAL_MAX, `A goal is at most ${WORD_GOAL_MAX.toLocaleString("en")} words`)
    .nullable(),
});
export type WordGoalBody = z.infer<typeof WordGoalBodySchema>;

const DocumentRecordSchema = z.object({
  id: z.string(),
  /** The owner; in a realtime UPDATE it is the writer (null for a share visitor). */
  user_id: z.string().nullable(),
  title: z.string(),
  content: z.custom<DocNode>((v) => typeof v === "object" && v !== null && !Array.isArray(v)),
  version: z.number().int(),
  is_public: z.boolean(),
  allow_editing: z.boolean(),
  share_expires_at: z.string().nullable(),
  has_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The writer's word-count goal, or null (PATCH /api/documents/:id/goal). */
  word_goal: z.number().int().nullable(),
  /** GET /api/documents/:id only: what the caller may do (the owner, or a member's role). */
  access: z.enum(["owner", "editor", "commenter", "viewer"]).optional(),
});
export type DocumentRecord = z.infer<typeof DocumentRecordSchema>;
/** GET /api/documents/:id?content=live: the record without its content. */
export type LiveDocumentRecord = Omit<DocumentRecord, "content">;

export const DOCUMENT_EXCERPT_LENGTH = 160;

/**
 * One entry of GET /api/documents: what the dashboard shows. The content itself comes only
 * with GET /api/documents/:id, so a list of long documents stays small.
 */
export const DocumentSummarySchema = DocumentRecordSchema.omit({ content: true, access: true }).extend({
  word_count: z.number().int(),
  /** The start of the text, at most DOCUMENT_EXCERPT_LENGTH characters. */
  excerpt: z.string(),
  /** Pinned to the top of the caller's dashboard (GET /api/documents only). */
  pinned: z.boolean().optional(),
  /** Open comment threads (GET /api/documents only). */
  open_comments: z.number().int().optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/**
 * GET /api/documents?limit=&cursor=&sort=&pinned=: a page at a time. When more follow, the
 * answer's Link header names the next page (rel="next"), so the body stays a plain array; the
 * X-Total-Count header gives how many documents the caller has (for the plan's limit).
 */
export const DOCUMENT_SORTS = ["updated", "created", "title"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
/** The total of the caller's documents (not in the trash), whatever the page or filter. */
export const DOCUMENT_TOTAL_HEADER = "x-total-count";

export const DocumentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional(),
  /** Last edited first (default), newest first, or by title A–Z. */
  sort: z.enum(DOCUMENT_SORTS).default("updated"),
  /** Only pinned documents, or only the others; both when absent. */
  pinned: z.enum(["true", "false"]).optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export { PREFER_RETURN_MINIMAL } from "./prefer.js";

// ---- Realtime (/realtime WebSocket) ----

export { channelDocumentId, documentChannel } from "./realtime-channel.js";

export type RealtimeStatus = "SUBSCRIBED" | "CHANNEL_ERROR" | "CLOSED";

/**
 * Client → server. The first message must be `auth` (access_token null for a visitor who is
 * not signed in; a share token then goes with each subscribe). `auth` may be sent again when
 * the session's token is refreshed.
 */
export const RealtimeClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), access_token: z.string().max(8192).nullable() }),
  z.object({
    type: z.literal("subscribe"),
    channel: z.string().max(200),
    share_token: z.string().max(1024).optional(),
    /**
     * The owner's or a member's lists want the summary (title, version, dates, word count,
     * excerpt), not the content: UPDATEs on this channel then carry a DocumentSummary.
     */
    summary: z.boolean().optional(),
  }),
  z.object({ type: z.literal("unsubscribe"), channel: z.string().max(200) }),
  z.object({ type: z.literal("ping") }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

/** Server → client. */
export type RealtimeServerMessage =
  | { type: "ready"; user_id: string | null }
  | { type: "status"; channel: string; status: "SUBSCRIBED" | "CHANNEL_ERROR"; message?: string }
  // A share visitor's record holds only the shared view's fields (id, title, content,
  // updated_at, allow_editing, version), as GET /api/shared/:id answers.
  // A subscription with `summary` gets DocumentSummary records.
  | { type: "UPDATE"; channel: string; record: DocumentRecord | DocumentSummary }
  // The signed-in person's inbox changed (a notification written for them, or some marked
  // read): read the unread count again. It says nothing more, by design.
  | { type: "INBOX" }
  | { type: "pong" }
  | { type: "error"; message: string };

/** WebSocket close codes the server uses. */
export const REALTIME_CLOSE = {
  /** No or bad `auth` message; the client should not retry with the same token. */
  unauthorized: 4001,
  /** The Origin header is not the app's own. */
  badOrigin: 4003,
  /** No pong to the last heartbeat ping. */
  dead: 4008,
  /** The client sent messages faster than the server accepts them. */
  tooManyMessages: 4029,
  /** The session was signed out, its password changed or the account deleted: do not reconnect with this token. */
  sessionEnded: 4010,
  /** The share link was turned off, regenerated or expired: do not reconnect for this link. */
  shareEnded: 4011,
  /** A message larger than any the protocol needs (the socket layer allows more for /collab). */
  messageTooLarge: 4013,
  /** Too many sockets from one address (per document or overall); retry later, not at once. */
  tooManyConnections: 4030,
} as const;

// ---- Trash ----

/** Days a deleted document stays in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;

/** GET /api/trash: a document in the trash, with when it went there and when it goes for good. */
export const TrashedDocumentSchema = DocumentSummarySchema.extend({
  deleted_at: z.string(),
  purge_at: z.string(),
});
export type TrashedDocument = z.infer<typeof TrashedDocumentSchema>;
