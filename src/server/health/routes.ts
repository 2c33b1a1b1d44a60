// GET /api/health: is the database reachable, and which version is running.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { APP_VERSION } from "../version.js";

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Liveness for load balancers: the process answers, without touching the database.
  app.get("/api/health/live", async () => ({ status: "ok" }));

  app.get("/api/health", async (_request, reply) => {
    let database: "ok" | "down" = "down";
    try {
      database = (await ctx.database.ping()) ? "ok" : "down";
    } catch {
      database = "down";
    }
    const status = database === "ok" ? "ok" : "degraded";
    return reply.status(status === "ok" ? 200 : 503).send({ status, database, version: APP_VERSION, time: ctx.now().toISOString() });
  });
}
