// Comment threads on a document's passages. A thread is anchored by the `comment` mark whose
// threadId is the thread's anchor_id (src/shared/editor/marks/comment.ts); the thread and its
// comments live in their own tables, not in the document, so versions and restores leave
// them alone. Who may do what: the owner and members read; the owner, editors and commenters
// write comments; each author edits and deletes their own; the owner, editors and the
// thread's author resolve and reopen. Share-link visitors read them only when the owner
// allows it (share setting `showComments`), and never write.
import { z } from "zod";
import { COMMENT_ANCHOR_PATTERN } from "../editor/comment-anchor.js";

export const COMMENT_BODY_MAX_LENGTH = 10_000;
/** The passage quoted with a thread (for a thread whose text was deleted since). */
export const COMMENT_QUOTE_MAX_LENGTH = 500;
/** Threads one document may hold (each is a row and a mark in the text). */
export const MAX_THREADS_PER_DOCUMENT = 2_000;
/** Comments one thread may hold. */
export const MAX_COMMENTS_PER_THREAD = 500;

/** A comment mark's threadId: made by the client when it anchors a new thread. */
export const AnchorIdSchema = z.string().regex(COMMENT_ANCHOR_PATTERN, "must be 8–64 letters, digits, - or _");

// Text with NUL or lone surrogates is refused for every route before any handler (text.ts).
const CommentBodySchema = z
  .string()
  .trim()
  .min(1, "Write something first")
  .max(COMMENT_BODY_MAX_LENGTH, `A comment holds at most ${COMMENT_BODY_MAX_LENGTH.toLocaleString("en")} characters`);

/** GET /api/documents/:id/comments?status=open|resolved|all (open by default). */
export const CommentListQuerySchema = z.object({
  status: z.enum(["open", "resolved", "all"]).default("all"),
});
export type CommentStatusFilter = z.infer<typeof CommentListQuerySchema>["status"];

/** POST /api/documents/:id/comments: a new thread on the passage marked with `anchor_id`, with its first comment. */
export const CreateThreadBodySchema = z.strictObject({
  anchor_id: AnchorIdSchema,
  quote: z.string().max(COMMENT_QUOTE_MAX_LENGTH * 4).transform((q) => q.slice(0, COMMENT_QUOTE_MAX_LENGTH)).default(""),
  body: CommentBodySchema,
});
export type CreateThreadBody = z.input<typeof CreateThreadBodySchema>;

/** POST /api/documents/:id/comments/:threadId/replies, PATCH …/comments/:threadId/replies/:commentId */
export const CommentBodyInputSchema = z.strictObject({ body: CommentBodySchema });

/** PATCH /api/documents/:id/comments/:threadId: resolve or reopen. */
export const ThreadStateBodySchema = z.strictObject({ resolved: z.boolean() });

export const ThreadParamsSchema = z.object({ id: z.string(), threadId: z.string() });
export const CommentParamsSchema = z.object({ id: z.string(), threadId: z.string(), commentId: z.string() });

export interface CommentView {
  id: string;
  author_id: string | null;
  author_name: string;
  /** null once deleted (the comment keeps its place in the thread). */
  body: string | null;
  created_at: string;
  edited_at: string | null;
  deleted: boolean;
  /** Written by the caller: they may edit and delete it. */
  mine: boolean;
}

export interface ThreadView {
  id: string;
  anchor_id: string;
  quote: string;
  created_by: string | null;
  created_at: string;
  resolved: boolean;
  resolved_at: string | null;
  resolved_by_name: string | null;
  comments: CommentView[];
  /** The caller may resolve or reopen it (the owner, an editor, or the thread's author). */
  can_resolve: boolean;
}

/** GET /api/documents/:id/comments */
export interface ThreadListResponse {
  threads: ThreadView[];
  /** The caller may start threads and reply (owner, editor, commenter). */
  can_comment: boolean;
  /** Open threads, whatever the filter (the count the editor's button shows). */
  open_count: number;
}
