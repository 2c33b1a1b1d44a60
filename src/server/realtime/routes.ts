// /realtime WebSocket. Browsers must come from the app's own origin (a
// cross-site page cannot open a socket riding on a user's token); the rest is connection.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { forbidden } from "../http/index.js";
import { DEFAULT_CONNECTION_OPTIONS, handleConnection } from "./connection.js";
import { originAllowed } from "./origin.js";

export async function realtimeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/realtime",
    {
      websocket: true,
      onRequest: async (request) => {
        if (!originAllowed(ctx.config, request.headers.origin)) throw forbidden("Origin not allowed");
      },
    },
    // request.ip honours TRUST_PROXY, so the per-address caps count clients, not the proxy.
    (socket, request) => handleConnection(ctx, socket, DEFAULT_CONNECTION_OPTIONS, request.ip),
  );
}
