// /dev/mailbox: the built-in outbox as an HTML page and as JSON (for tests), only outside
// production. In production the routes do not exist (404 like any unknown path).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { listMailbox, renderMailbox } from "./mailbox.js";

export async function devRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.isProduction) return;
  const query = (q: unknown) => {
    const { to, limit } = (q ?? {}) as { to?: string; limit?: string };
    return { to: typeof to === "string" && to.trim() ? to : undefined, limit: limit ? Number(limit) || undefined : undefined };
  };
  app.get("/dev/mailbox", async (request, reply) => {
    const q = query(request.query);
    const entries = await listMailbox(ctx.db, q);
    return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(renderMailbox(entries, q.to));
  });
  app.get("/dev/mailbox.json", async (request, reply) => {
    return reply.header("cache-control", "no-store").send(await listMailbox(ctx.db, query(request.query)));
  });
}
