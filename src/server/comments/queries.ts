// Comment threads and comments, read and written with the caller's access in every
// statement's WHERE (access.ts). Threads and comments are rows of their own, not document
// content: version snapshots and restores do not carry or change them, and they stay when
// the passage they were on is rewritten (the thread then shows the quote it started on).
import { type SQL, and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  CommentStatusFilter,
  CommentView,
  CreateThreadBody,
  ThreadListResponse,
  ThreadView,
} from "../../shared/contracts/comments.js";
import { MAX_COMMENTS_PER_THREAD, MAX_THREADS_PER_DOCUMENT } from "../../shared/contracts/comments.js";
import type { AppContext, AuthUser } from "../context.js";
import { commentThreads, comments, documents, users } from "../db/index.js";
import { type DocumentPrincipal, isDocumentId } from "../documents/index.js";
import { AppError, badRequest, notFound } from "../http/index.js";
import { documentWhere, mayResolveAny, userCommentCondition, visitorCommentCondition } from "./access.js";

const documentNotFound = () => notFound("Document not found");
const threadNotFound = () => notFound("This comment thread no longer exists.");
const commentNotFound = () => notFound("This comment no longer exists.");

/** Who reads: a signed-in user, or a share-link visitor (read only). */
export type CommentReader = { kind: "user"; user: AuthUser } | { kind: "visitor"; principal: Extract<DocumentPrincipal, { kind: "share" }> };

/** The name shown with a comment: the account's name, else the part of its address before the @. */
const displayName = (user: AuthUser) => user.fullName.trim() || user.email.split("@")[0] || "Someone";

type ThreadRow = typeof commentThreads.$inferSelect;
type CommentRow = typeof comments.$inferSelect;

function presentComment(row: CommentRow, userId: string | null): CommentView {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    author_id: row.authorId,
    author_name: row.authorName,
    body: deleted ? null : row.body,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted,
    mine: userId !== null && row.authorId === userId && !deleted,
  };
}

function presentThread(row: ThreadRow, resolverName: string | null, rows: CommentRow[], userId: string | null, resolveAny: boolean): ThreadView {
  return {
    id: row.id,
    anchor_id: row.anchorId,
    quote: row.quote,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    resolved: row.resolvedAt !== null,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by_name: row.resolvedAt ? resolverName || "Someone" : null,
    comments: rows.map((c) => presentComment(c, userId)),
    can_resolve: userId !== null && (resolveAny || row.createdBy === userId),
  };
}

interface Gate {
  canComment: boolean;
  resolveAny: boolean;
}

/** What the caller may do with the document's comments, or 404 when they may not read it. */
async function gate(ctx: AppContext, reader: CommentReader, documentId: string): Promise<{ read: SQL; gate: Gate }> {
  if (!isDocumentId(documentId)) throw documentNotFound();
  if (reader.kind === "visitor") {
    const read = visitorCommentCondition(ctx, reader.principal, documentId);
    const [row] = await ctx.db.select({ id: documents.id }).from(documents).where(read);
    if (!row) throw documentNotFound();
    return { read, gate: { canComment: false, resolveAny: false } };
  }
  const userId = reader.user.id;
  const read = userCommentCondition(userId, documentId, "read");
  const [row] = await ctx.db
    .select({
      canComment: sql<boolean>`${userCommentCondition(userId, documentId, "comment")}`,
      resolveAny: mayResolveAny(userId),
    })
    .from(documents)
    .where(read);
  if (!row) throw documentNotFound();
  return { read, gate: { canComment: !!row.canComment, resolveAny: !!row.resolveAny } };
}

const statusCondition = (status: CommentStatusFilter): SQL | undefined =>
  status === "open" ? isNull(commentThreads.resolvedAt) : status === "resolved" ? isNotNull(commentThreads.resolvedAt) : undefined;

/** Threads of a document the caller may read, oldest first, each with its comments. */
export async function listThreads(ctx: AppContext, reader: CommentReader, documentId: string, status: CommentStatusFilter): Promise<ThreadListResponse> {
  const { read, gate: g } = await gate(ctx, reader, documentId);
  const inDocument = and(eq(commentThreads.documentId, documentId), documentWhere(read));
  const threadRows = await ctx.db
    .select({ thread: commentThreads, resolverName: users.fullName })
    .from(commentThreads)
    .leftJoin(users, eq(users.id, commentThreads.resolvedBy))
    .where(and(inDocument, statusCondition(status)))
    .orderBy(asc(commentThreads.seq));
  const [open] = await ctx.db
    .select({ n: count() })
    .from(commentThreads)
    .where(and(inDocument, isNull(commentThreads.resolvedAt)));
  const ids = threadRows.map((r) => r.thread.id);
  const commentRows = ids.length
    ? await ctx.db
        .select()
        .from(comments)
        .where(and(eq(comments.documentId, documentId), inArray(comments.threadId, ids), documentWhere(read)))
        .orderBy(asc(comments.seq))
    : [];
  const byThread = new Map<string, CommentRow[]>();
  for (const c of commentRows) byThread.set(c.threadId, [...(byThread.get(c.threadId) ?? []), c]);
  const userId = reader.kind === "user" ? reader.user.id : null;
  return {
    threads: threadRows.map((r) => presentThread(r.thread, r.resolverName, byThread.get(r.thread.id) ?? [], userId, g.resolveAny)),
    can_comment: g.canComment,
    open_count: open?.n ?? 0,
  };
}

/** One thread as the user sees it (after a write). */
async function readThread(ctx: AppContext, user: AuthUser, documentId: string, threadId: string): Promise<ThreadView> {
  const { read, gate: g } = await gate(ctx, { kind: "user", user }, documentId);
  const [row] = await ctx.db
    .select({ thread: commentThreads, resolverName: users.fullName })
    .from(commentThreads)
    .leftJoin(users, eq(users.id, commentThreads.resolvedBy))
    .where(and(eq(commentThreads.id, threadId), eq(commentThreads.documentId, documentId), documentWhere(read)));
  if (!row) throw threadNotFound();
  const rows = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.threadId, threadId), eq(comments.documentId, documentId)))
    .orderBy(asc(comments.seq));
  return presentThread(row.thread, row.resolverName, rows, user.id, g.resolveAny);
}

/** The thread `threadId` of the document, if the user may comment on it (404 otherwise). */
async function commentableThread(ctx: AppContext, user: AuthUser, documentId: string, threadId: string): Promise<ThreadRow> {
  if (!isDocumentId(documentId) || !isDocumentId(threadId)) throw threadNotFound();
  const [row] = await ctx.db
    .select()
    .from(commentThreads)
    .where(
      and(
        eq(commentThreads.id, threadId),
        eq(commentThreads.documentId, documentId),
        documentWhere(userCommentCondition(user.id, documentId, "comment")),
      ),
    );
  if (!row) {
    // Readable but not commentable (a viewer) is a 403; anything else a 404.
    await gate(ctx, { kind: "user", user }, documentId);
    throw threadNotFound();
  }
  return row;
}

const readOnlyRole = () => new AppError(403, "forbidden", "You can read this document's comments but not write them. Ask the owner for comment access.");

/** A new thread on the passage marked with `body.anchor_id`, with its first comment. */
export async function createThread(ctx: AppContext, user: AuthUser, documentId: string, body: CreateThreadBody & { quote: string }): Promise<ThreadView> {
  const { gate: g } = await gate(ctx, { kind: "user", user }, documentId);
  if (!g.canComment) throw readOnlyRole();
  const commentCondition = documentWhere(userCommentCondition(user.id, documentId, "comment"));
  const now = ctx.now();
  const threadId = await ctx.db.transaction(async (tx) => {
    const [counted] = await tx.select({ n: count() }).from(commentThreads).where(eq(commentThreads.documentId, documentId));
    if ((counted?.n ?? 0) >= MAX_THREADS_PER_DOCUMENT) throw badRequest(`A document can hold at most ${MAX_THREADS_PER_DOCUMENT} comment threads.`);
    // INSERT … SELECT … WHERE the caller may comment: the check and the write are one statement.
    const inserted = await tx.execute(sql`
      insert into comment_threads (document_id, anchor_id, quote, created_by, created_at, updated_at)
      select ${documentId}::uuid, ${body.anchor_id}::text, ${body.quote}::text, ${user.id}::uuid, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      where ${commentCondition}
      on conflict (document_id, anchor_id) do nothing
      returning id`);
    const id = rowsOf<{ id: string }>(inserted)[0]?.id;
    if (!id) {
      const [taken] = await tx
        .select({ id: commentThreads.id })
        .from(commentThreads)
        .where(and(eq(commentThreads.documentId, documentId), eq(commentThreads.anchorId, body.anchor_id)));
      if (taken) throw new AppError(409, "conflict", "This passage already has a thread with that anchor.", { field: "anchor_id" });
      throw documentNotFound();
    }
    await tx.insert(comments).values({ threadId: id, documentId, authorId: user.id, authorName: displayName(user), body: body.body, createdAt: now });
    return id;
  });
  return readThread(ctx, user, documentId, threadId);
}

/** The rows a raw statement returned, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function addReply(ctx: AppContext, user: AuthUser, documentId: string, threadId: string, text: string): Promise<ThreadView> {
  const thread = await commentableThread(ctx, user, documentId, threadId).catch(async (err) => {
    const { gate: g } = await gate(ctx, { kind: "user", user }, documentId);
    if (!g.canComment) throw readOnlyRole();
    throw err;
  });
  const [counted] = await ctx.db.select({ n: count() }).from(comments).where(eq(comments.threadId, thread.id));
  if ((counted?.n ?? 0) >= MAX_COMMENTS_PER_THREAD) throw badRequest(`A thread can hold at most ${MAX_COMMENTS_PER_THREAD} comments.`);
  await ctx.db.insert(comments).values({ threadId: thread.id, documentId, authorId: user.id, authorName: displayName(user), body: text, createdAt: ctx.now() });
  return readThread(ctx, user, documentId, threadId);
}

/** The caller's own comment, still there, on a document they may comment on. */
function ownComment(user: AuthUser, documentId: string, threadId: string, commentId: string): SQL {
  return and(
    eq(comments.id, commentId),
    eq(comments.threadId, threadId),
    eq(comments.documentId, documentId),
    eq(comments.authorId, user.id),
    isNull(comments.deletedAt),
    documentWhere(userCommentCondition(user.id, documentId, "comment")),
  )!;
}

export async function editComment(ctx: AppContext, user: AuthUser, documentId: string, threadId: string, commentId: string, text: string): Promise<ThreadView> {
  if (!isDocumentId(documentId) || !isDocumentId(threadId) || !isDocumentId(commentId)) throw commentNotFound();
  const updated = await ctx.db
    .update(comments)
    .set({ body: text, editedAt: ctx.now() })
    .where(ownComment(user, documentId, threadId, commentId))
    .returning({ id: comments.id });
  if (updated.length === 0) throw commentNotFound();
  return readThread(ctx, user, documentId, threadId);
}

/**
 * Deletes the caller's own comment: it keeps its place ("Comment deleted") so the replies
 * after it still read in order; its text is gone. A thread whose every comment is deleted is
 * removed. Answers the thread, or null when it was removed.
 */
export async function deleteComment(ctx: AppContext, user: AuthUser, documentId: string, threadId: string, commentId: string): Promise<ThreadView | null> {
  if (!isDocumentId(documentId) || !isDocumentId(threadId) || !isDocumentId(commentId)) throw commentNotFound();
  const removedThread = await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .update(comments)
      .set({ body: "", deletedAt: ctx.now() })
      .where(ownComment(user, documentId, threadId, commentId))
      .returning({ id: comments.id });
    if (deleted.length === 0) throw commentNotFound();
    const gone = await tx
      .delete(commentThreads)
      .where(
        and(
          eq(commentThreads.id, threadId),
          eq(commentThreads.documentId, documentId),
          sql`not exists (select 1 from comments c where c.thread_id = ${threadId} and c.deleted_at is null)`,
        ),
      )
      .returning({ id: commentThreads.id });
    return gone.length > 0;
  });
  return removedThread ? null : readThread(ctx, user, documentId, threadId);
}

/** Resolves or reopens a thread: the owner, an editor, or the thread's author (who may still comment). */
export async function setResolved(ctx: AppContext, user: AuthUser, documentId: string, threadId: string, resolved: boolean): Promise<ThreadView> {
  if (!isDocumentId(documentId) || !isDocumentId(threadId)) throw threadNotFound();
  const allowed = documentWhere(
    and(userCommentCondition(user.id, documentId, "comment"), sql`(${mayResolveAny(user.id)} or "comment_threads"."created_by" = ${user.id})`)!,
  );
  const now = ctx.now();
  const updated = await ctx.db
    .update(commentThreads)
    .set(resolved ? { resolvedAt: now, resolvedBy: user.id, updatedAt: now } : { resolvedAt: null, resolvedBy: null, updatedAt: now })
    .where(and(eq(commentThreads.id, threadId), eq(commentThreads.documentId, documentId), allowed))
    .returning({ id: commentThreads.id });
  if (updated.length === 0) {
    const { gate: g } = await gate(ctx, { kind: "user", user }, documentId);
    const [exists] = await ctx.db
      .select({ id: commentThreads.id })
      .from(commentThreads)
      .where(and(eq(commentThreads.id, threadId), eq(commentThreads.documentId, documentId)));
    if (!exists) throw threadNotFound();
    throw new AppError(403, "forbidden", g.canComment ? "Only the owner, editors and the thread's author can resolve it." : "You can read this document's comments but not write them. Ask the owner for comment access.");
  }
  return readThread(ctx, user, documentId, threadId);
}

/**
 * The threads of a document the user may read, for the Word export (oldest first, deleted
 * comments left out). None when they may not read it.
 */
export async function threadsForExport(
  ctx: AppContext,
  userId: string,
  documentId: string,
): Promise<{ anchorId: string; resolved: boolean; comments: { author: string; date: Date; body: string }[] }[]> {
  if (!isDocumentId(documentId)) return [];
  const read = documentWhere(userCommentCondition(userId, documentId, "read"));
  const threadRows = await ctx.db
    .select()
    .from(commentThreads)
    .where(and(eq(commentThreads.documentId, documentId), read))
    .orderBy(asc(commentThreads.seq));
  if (!threadRows.length) return [];
  const commentRows = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.documentId, documentId), isNull(comments.deletedAt), read))
    .orderBy(asc(comments.seq));
  return threadRows.map((t) => ({
    anchorId: t.anchorId,
    resolved: t.resolvedAt !== null,
    comments: commentRows.filter((c) => c.threadId === t.id).map((c) => ({ author: c.authorName, date: c.createdAt, body: c.body })),
  }));
}

/** Threads a Word file brought (import/word-comments.ts), added to the importer's new document. */
export async function addImportedThreads(
  ctx: AppContext,
  user: AuthUser,
  documentId: string,
  threads: { anchorId: string; quote: string; resolved: boolean; comments: { author: string; date: Date | null; body: string }[] }[],
): Promise<void> {
  if (!threads.length) return;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // The importer owns the new document: scoped to them like every other write.
    const [own] = await tx.select({ id: documents.id }).from(documents).where(and(eq(documents.id, documentId), eq(documents.userId, user.id)));
    if (!own) throw documentNotFound();
    for (const t of threads.slice(0, MAX_THREADS_PER_DOCUMENT)) {
      const [row] = await tx
        .insert(commentThreads)
        .values({ documentId, anchorId: t.anchorId, quote: t.quote, createdBy: user.id, resolvedAt: t.resolved ? now : null, resolvedBy: t.resolved ? user.id : null, createdAt: now, updatedAt: now })
        .returning({ id: commentThreads.id });
      // Word's authors are names, not accounts here: kept as the name shown, owned by nobody.
      await tx.insert(comments).values(
        t.comments.slice(0, MAX_COMMENTS_PER_THREAD).map((c) => ({ threadId: row!.id, documentId, authorId: null, authorName: c.author.slice(0, 200), body: c.body, createdAt: c.date ?? now })),
      );
    }
  });
}
