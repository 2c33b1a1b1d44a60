// /realtime WebSocket (DESIGN.md §6). Browsers must come from the app's own origin (a
// cross-site page cannot open a socket riding on a user's token); the rest is connection.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { forbidden } from "../http/errors.js";
import { DEFAULT_CONNECTION_OPTIONS, handleConnection } from "./connection.js";

export async function realtimeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/realtime",
    {
      websocket: true,
      onRequest: async (request) => {
        const origin = request.headers.origin;
        // Non-browser clients send no Origin; they still need a valid access token.
        if (origin !== undefined && origin !== ctx.config.publicOrigin) throw forbidden("Origin not allowed");
      },
    },
    (socket) => handleConnection(ctx, socket, DEFAULT_CONNECTION_OPTIONS),
  );
}
