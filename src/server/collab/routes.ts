// /collab: the live co-editing WebSocket (server.ts). Browsers must come from the app's own
// origin, like /realtime; authentication and per-document access happen in the first message.
// POST /api/documents/:id/updates takes what a closing page could not send over it.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { COLLAB_CLOSE, COLLAB_SHARE_TOKEN_PREFIX, collabUpdateBody } from "../../shared/contracts/collab.js";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import { badRequest, bearerToken, forbidden, notFound, parse, tooLarge } from "../http/index.js";
import { grantFor } from "./access.js";
import { originAllowed } from "../realtime/index.js";
import { coalesceWrites } from "./coalesce-writes.js";
import type { Collab } from "./server.js";
import { isYjsUpdate } from "./ydoc.js";

export async function collabRoutes(app: FastifyInstance, ctx: AppContext, collab: Collab): Promise<void> {
  app.get(
    "/collab",
    {
      websocket: true,
      onRequest: async (request) => {
        if (!originAllowed(ctx.config, request.headers.origin)) throw forbidden("Origin not allowed");
      },
    },
    (socket, request) => {
      coalesceWrites(socket);
      // The gate travels as connection context: the library copies the object, not the gate.
      const gate = collab.admit(socket, request.ip);
      collab.hocuspocus.handleConnection(socket, request.raw, { ip: request.ip, gate });
    },
  );

  app.post("/api/documents/:id/updates", async (request, reply) => {
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(collabUpdateBody, request.body);
    const shareToken = request.headers[SHARE_TOKEN_HEADER];
    const token = typeof shareToken === "string" ? `${COLLAB_SHARE_TOKEN_PREFIX}${shareToken}` : bearerToken(request);
    const grant = await grantFor(ctx, id, token ?? "").catch(() => null);
    if (!grant || grant.readOnly) throw notFound("Document not found");
    const update = Buffer.from(body.update, "base64");
    if (!isYjsUpdate(update)) throw badRequest("update is not a document change");
    const refusal = await collab.applyUpdate(id, update, { commentOnly: grant.commentOnly, userId: grant.user?.id ?? null });
    if (refusal?.code === COLLAB_CLOSE.messageTooLarge) throw tooLarge(refusal.reason);
    if (refusal) throw badRequest(refusal.reason);
    return reply.status(204).send();
  });
}
