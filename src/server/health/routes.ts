// GET /api/health: can the database serve the app, and which version is running.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { checkReadiness } from "../db/readiness.js";
import { APP_VERSION } from "../version.js";

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Liveness for load balancers: the process answers, without touching the database.
  // Neither answer goes through compression: both are far under its 1 KB threshold, monitors
  // poll them often, and a fresh process answers its first check without loading the fetch
  // stack the compression hook looks for (main.ts loads it once the server listens).
  app.get("/api/health/live", { compress: false }, async () => ({ status: "ok" }));

  // Readiness: a real query on the app's schema (db/readiness.ts), not only `SELECT 1`. While
  // it fails the answer is 503 "degraded" with the reason; it recovers by itself once the
  // database does.
  app.get("/api/health", { compress: false }, async (_request, reply) => {
    const { database, reason } = await checkReadiness(ctx.database.sql);
    const status = database === "ok" ? "ok" : "degraded";
    if (status !== "ok") reply.header("retry-after", "1");
    return reply.status(status === "ok" ? 200 : 503).send({ status, database, ...(reason ? { reason } : {}), version: APP_VERSION, time: ctx.now().toISOString() });
  });
}
