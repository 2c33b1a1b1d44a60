// Comment threads: list (with a resolved filter), start a thread with its first comment,
// reply, edit or delete one's own comment, resolve or reopen; and the share-link visitor's
// read-only list when the owner shows comments on the link. Thin handlers: validate (shared
// contracts) → authorize and act (queries.ts, the caller's access in every statement's WHERE)
// → present; each write is announced on the realtime bus so everyone in the document reads
// the threads again at once (realtime/comments.ts).
//
// Choices where the issue was silent:
// - A reply does not reopen a resolved thread; reopening is its own action.
// - A deleted comment keeps its place as "Comment deleted"; a thread left with no comment is removed.
// - Only the author edits or deletes a comment (the owner does not moderate others' words here).
// - Mentions (`@[Name](user-id)` in the text) are checked before the write; a new comment
//   notifies the people it mentions and, as a reply, the thread's other participants
//   (notifications/). Editing a comment notifies no one.
// - Threads are not part of version snapshots: a restore changes the text (and so which
//   passages carry a mark) but never removes a conversation.
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  CommentBodyInputSchema,
  CommentListQuerySchema,
  CommentParamsSchema,
  CreateThreadBodySchema,
  ThreadParamsSchema,
  ThreadStateBodySchema,
} from "../../shared/contracts/comments.js";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { checkMentions, notifyComment } from "../notifications/index.js";
import { publishCommentsChange } from "../realtime/index.js";
import { resolveShareGrant } from "../sharing/index.js";
import { addReply, createThread, deleteComment, editComment, listThreads, setResolved } from "./queries.js";

function shareToken(request: FastifyRequest): string | null {
  const value = request.headers[SHARE_TOKEN_HEADER];
  return typeof value === "string" && value.length > 0 && value.length <= 1024 ? value : null;
}

export async function commentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const announce = (documentId: string, threadId: string) => publishCommentsChange(ctx, { documentId, threadId });

  app.get("/api/documents/:id/comments", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const { status } = parse(CommentListQuerySchema, request.query ?? {});
    return listThreads(ctx, { kind: "user", user }, id, status);
  });

  app.post("/api/documents/:id/comments", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(CreateThreadBodySchema, request.body ?? {});
    const mentioned = await checkMentions(ctx, user.id, id, body.body);
    const thread = await createThread(ctx, user, id, body);
    await announce(id, thread.id);
    await notifyComment(ctx, user.id, id, thread, mentioned, false);
    return reply.status(201).send(thread);
  });

  app.patch("/api/documents/:id/comments/:threadId", async (request) => {
    const user = requireUser(request);
    const { id, threadId } = parse(ThreadParamsSchema, request.params);
    const { resolved } = parse(ThreadStateBodySchema, request.body ?? {});
    const thread = await setResolved(ctx, user, id, threadId, resolved);
    await announce(id, threadId);
    return thread;
  });

  app.post("/api/documents/:id/comments/:threadId/replies", async (request, reply) => {
    const user = requireUser(request);
    const { id, threadId } = parse(ThreadParamsSchema, request.params);
    const { body } = parse(CommentBodyInputSchema, request.body ?? {});
    const mentioned = await checkMentions(ctx, user.id, id, body);
    const thread = await addReply(ctx, user, id, threadId, body);
    await announce(id, threadId);
    await notifyComment(ctx, user.id, id, thread, mentioned, true);
    return reply.status(201).send(thread);
  });

  app.patch("/api/documents/:id/comments/:threadId/replies/:commentId", async (request) => {
    const user = requireUser(request);
    const { id, threadId, commentId } = parse(CommentParamsSchema, request.params);
    const { body } = parse(CommentBodyInputSchema, request.body ?? {});
    // An edit may not add a mention of someone who cannot open the document either (it
    // notifies no one: notifications go with new comments).
    await checkMentions(ctx, user.id, id, body);
    const thread = await editComment(ctx, user, id, threadId, commentId, body);
    await announce(id, threadId);
    return thread;
  });

  app.delete("/api/documents/:id/comments/:threadId/replies/:commentId", async (request, reply) => {
    const user = requireUser(request);
    const { id, threadId, commentId } = parse(CommentParamsSchema, request.params);
    const thread = await deleteComment(ctx, user, id, threadId, commentId);
    await announce(id, threadId);
    return thread ? thread : reply.status(204).send();
  });

  // A share-link visitor: read only, and only while the owner shows comments on the link.
  app.get("/api/shared/:id/comments", async (request, reply) => {
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const { status } = parse(CommentListQuerySchema, request.query ?? {});
    reply.header("x-robots-tag", "noindex, nofollow");
    reply.header("cache-control", "no-store");
    const grant = await resolveShareGrant(ctx, id, shareToken(request));
    const principal = { kind: "share" as const, documentId: grant.documentId, canEdit: false, shareGeneration: grant.tokenValid ? grant.generation : undefined };
    return listThreads(ctx, { kind: "visitor", principal }, id, status);
  });
}
