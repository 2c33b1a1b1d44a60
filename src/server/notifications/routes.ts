// Notifications: the inbox (GET /api/notifications, the unread count, mark read), the people
// a comment may mention (GET /api/documents/:id/mentionable, for the composer's @ picker),
// and the unsubscribe link of the emails (no sign-in: the signed token is the grant; GET
// asks, POST unsubscribes, which is also RFC 8058's one-click POST from mail clients).
// Thin handlers: validate → authorize (the person in every statement's WHERE) → act → present.
// Marking read also tells the person's other tabs and devices (their inbox channel), so every
// open bell clears.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import { NotificationListQuerySchema, NotificationParamsSchema, UnsubscribeParamsSchema } from "../../shared/contracts/notifications.js";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { publishInboxChange } from "../realtime/index.js";
import { mentionablePeople } from "./mentions.js";
import { listNotifications, markAllRead, markRead, markThreadRead, unreadCount } from "./store.js";
import { confirmPage, donePage, readUnsubscribeToken, spentPage, unsubscribe, unsubscribeTokenLive } from "./unsubscribe.js";

export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // RFC 8058's one-click POST is a form body ("List-Unsubscribe=One-Click"); nothing in it is
  // needed (the token in the path is the grant), so this scope reads it as text and ignores it.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  app.get("/api/notifications", async (request) => {
    const user = requireUser(request);
    const { limit } = parse(NotificationListQuerySchema, request.query ?? {});
    return listNotifications(ctx, user.id, limit);
  });

  app.get("/api/notifications/unread", async (request) => ({ unread: await unreadCount(ctx, requireUser(request).id) }));

  /** The person's unread count after `marked`, once their other tabs and devices are told. */
  const afterRead = async (userId: string, marked: Promise<number>) => {
    const unread = await marked;
    await publishInboxChange(ctx, [userId]);
    return { unread };
  };

  app.post("/api/notifications/:id/read", async (request) => {
    const user = requireUser(request);
    const { id } = parse(NotificationParamsSchema, request.params);
    return afterRead(user.id, markRead(ctx, user.id, id));
  });

  app.post("/api/notifications/read-all", async (request) => {
    const user = requireUser(request);
    return afterRead(user.id, markAllRead(ctx, user.id));
  });

  /** Opening a thread from anywhere reads the person's notifications of it. */
  app.post("/api/notifications/threads/:id/read", async (request) => {
    const user = requireUser(request);
    const { id } = parse(NotificationParamsSchema, request.params);
    return afterRead(user.id, markThreadRead(ctx, user.id, id));
  });

  app.get("/api/documents/:id/mentionable", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    return mentionablePeople(ctx, user.id, id);
  });

  // A person's browser gets a page; anything else (mail clients' one-click POST, scripts) a
  // JSON answer like every /api route.
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, html: string, message?: string) => {
    reply.status(status).header("cache-control", "no-store").header("x-robots-tag", "noindex");
    if (request.headers.accept?.includes("text/html")) return reply.header("content-type", "text/html; charset=utf-8").send(html);
    return reply.send(message ? { error: "not_found", message } : { unsubscribed: true });
  };
  const refused = (request: FastifyRequest, reply: FastifyReply, claims: unknown) =>
    claims
      ? answer(request, reply, 410, spentPage(ctx.config.publicUrl), "This unsubscribe link has been used already.")
      : answer(request, reply, 404, spentPage(ctx.config.publicUrl), "This unsubscribe link is not valid.");

  app.get("/api/notifications/unsubscribe/:token", async (request, reply) => {
    const { token } = parse(UnsubscribeParamsSchema, request.params);
    const claims = await readUnsubscribeToken(ctx, token);
    if (!claims || !(await unsubscribeTokenLive(ctx, claims))) return refused(request, reply, claims);
    reply.status(200).header("cache-control", "no-store").header("x-robots-tag", "noindex").header("content-type", "text/html; charset=utf-8");
    return reply.send(confirmPage(`/api/notifications/unsubscribe/${encodeURIComponent(token)}`));
  });

  app.post("/api/notifications/unsubscribe/:token", async (request, reply) => {
    const { token } = parse(UnsubscribeParamsSchema, request.params);
    const claims = await readUnsubscribeToken(ctx, token);
    if (!claims || !(await unsubscribe(ctx, claims))) return refused(request, reply, claims);
    return answer(request, reply, 200, donePage(ctx.config.publicUrl));
  });
}
