// /collab: the live co-editing WebSocket (server.ts). Browsers must come from the app's own
// origin, like /realtime; authentication and per-document access happen in the first message.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { forbidden } from "../http/index.js";
import { originAllowed } from "../realtime/index.js";
import type { Collab } from "./server.js";

export async function collabRoutes(app: FastifyInstance, ctx: AppContext, collab: Collab): Promise<void> {
  app.get(
    "/collab",
    {
      websocket: true,
      onRequest: async (request) => {
        if (!originAllowed(ctx.config, request.headers.origin)) throw forbidden("Origin not allowed");
      },
    },
    (socket, request) => collab.hocuspocus.handleConnection(socket, request.raw, { ip: request.ip }),
  );
}
