// /api/documents/:id/versions: the version history of a document, for its owner and editor
// members. Thin handlers: validate → authorize (in SQL, queries.ts) → act → present.
import type { FastifyInstance } from "fastify";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import { NameVersionBodySchema, RenameVersionBodySchema, VersionListQuerySchema, VersionParamsSchema } from "../../shared/contracts/versions.js";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { listVersions, nameCurrentVersion, readVersion, renameVersion, restoreVersion } from "./queries.js";

export async function versionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/documents/:id/versions", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const page = parse(VersionListQuerySchema, request.query ?? {});
    return listVersions(ctx, user.id, id, page);
  });

  app.post("/api/documents/:id/versions", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(NameVersionBodySchema, request.body ?? {});
    return reply.status(201).send(await nameCurrentVersion(ctx, user, id, body));
  });

  app.get("/api/documents/:id/versions/:versionId", async (request) => {
    const user = requireUser(request);
    const { id, versionId } = parse(VersionParamsSchema, request.params);
    return readVersion(ctx, user.id, id, versionId);
  });

  app.patch("/api/documents/:id/versions/:versionId", async (request) => {
    const user = requireUser(request);
    const { id, versionId } = parse(VersionParamsSchema, request.params);
    const { name } = parse(RenameVersionBodySchema, request.body ?? {});
    return renameVersion(ctx, user.id, id, versionId, name);
  });

  app.post("/api/documents/:id/versions/:versionId/restore", async (request) => {
    const user = requireUser(request);
    const { id, versionId } = parse(VersionParamsSchema, request.params);
    return restoreVersion(ctx, user, id, versionId);
  });
}
