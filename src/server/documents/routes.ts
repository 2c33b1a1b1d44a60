// /api/documents: the signed-in owner's documents. Thin handlers:
// validate → authorize (scoped in SQL) → act → present.
import type { FastifyInstance } from "fastify";
import {
  CreateDocumentBodySchema,
  DOCUMENT_TOTAL_HEADER,
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  DocumentReadQuerySchema,
  DOCUMENT_CONTENT_LIVE,
  PREFER_RETURN_MINIMAL,
  UpdateDocumentBodySchema,
  WordGoalBodySchema,
} from "../../shared/contracts/documents.js";
import { DOCUMENT_BODY_LIMIT } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { purgeUnreferencedImages } from "../images/index.js";
import { CompressedAnswers, acceptedEncoding, parse, prefersMinimalReturn, requireUser } from "../http/index.js";
import { authorOf, keepFirstVersion, snapshotIfDue } from "../versions/index.js";
import { setWordGoal } from "./goal.js";
import { documentJson, savedJson } from "./present.js";
import { listDocuments } from "./list.js";
import { pinDocument, unpinDocument } from "./pins.js";
import { createDocument, readDocumentJson } from "./queries.js";
import { deleteForever, listTrash, moveToTrash, restoreFromTrash } from "./trash.js";
import { updateDocument } from "./save.js";

export async function documentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const compressedReads = new CompressedAnswers();

  app.get("/api/documents", async (request, reply) => {
    const user = requireUser(request);
    const query = parse(DocumentListQuerySchema, request.query ?? {});
    const page = await listDocuments(ctx, user.id, query);
    if (page.next) {
      const next = new URLSearchParams({ limit: String(query.limit), sort: query.sort, cursor: page.next });
      if (query.pinned) next.set("pinned", query.pinned);
      reply.header("link", `</api/documents?${next}>; rel="next"`);
    }
    return reply.header(DOCUMENT_TOTAL_HEADER, String(page.total)).send(page.items);
  });

  app.put("/api/documents/:id/pin", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    await pinDocument(ctx, user.id, id);
    return reply.status(204).send();
  });

  app.delete("/api/documents/:id/pin", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    await unpinDocument(ctx, user.id, id);
    return reply.status(204).send();
  });

  app.post("/api/documents", { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(CreateDocumentBodySchema, request.body ?? {});
    const record = await createDocument(ctx, user.id, body);
    await keepFirstVersion(ctx, record.id, authorOf(user));
    return reply.status(201).send(record);
  });

  // The record with the caller's access (owner, editor or viewer), so the editor shows what
  // they may do. A client that has this version already gets 304 without the content.
  app.get("/api/documents/:id", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const { content } = parse(DocumentReadQuerySchema, request.query ?? {});
    const live = content === DOCUMENT_CONTENT_LIVE;
    const { json, etag } = await readDocumentJson(ctx, user.id, id, { content: !live });
    // The live editor's connection is opening: its state loads meanwhile instead of after it
    // has authenticated (on a first open, the conversion from JSON).
    if (live) ctx.liveDocuments.prepare(id);
    reply.header("etag", etag).header("cache-control", "private, no-cache");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    reply.type("application/json; charset=utf-8");
    // A browser's repeat read of this version sends the compression made for the first one.
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    const compressed = encoding && compressedReads.get(`${id}:${etag}`, encoding, json);
    if (!compressed) return reply.send(json);
    return reply.header("content-encoding", encoding).header("vary", "accept-encoding").send(compressed);
  });

  app.patch("/api/documents/:id", { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(UpdateDocumentBodySchema, request.body ?? {});
    // Content sent as a tree was parsed with the body and walked by the request check: it is
    // checked as it is (content.ts), not serialized again to be measured and scanned.
    const length = Number(request.headers["content-length"]);
    const sent = Number.isSafeInteger(length) ? { bytes: length } : undefined;
    const { record, contentJson } = await updateDocument(ctx, { kind: "user", userId: user.id }, id, body, sent);
    // Saves through the API feed the version history like live editing does (at most one
    // snapshot every few minutes); a failed snapshot never fails the save.
    if (body.content !== undefined) {
      await snapshotIfDue(ctx, id, [authorOf(user)]).catch((err: unknown) => request.log.error({ err }, "snapshot failed"));
    }
    reply.type("application/json; charset=utf-8");
    if (prefersMinimalReturn(request.headers)) {
      return reply.header("preference-applied", PREFER_RETURN_MINIMAL).send(savedJson(record));
    }
    return reply.send(documentJson(record, contentJson));
  });

  app.patch("/api/documents/:id/goal", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(WordGoalBodySchema, request.body ?? {});
    return setWordGoal(ctx, user.id, id, body.word_goal);
  });

  // Deleting moves the document to the trash (trash.ts); from there it is restored or deleted for good.
  app.delete("/api/documents/:id", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    await moveToTrash(ctx, user.id, id);
    return reply.status(204).send();
  });

  app.get("/api/trash", async (request) => {
    const user = requireUser(request);
    return listTrash(ctx, user.id);
  });

  app.post("/api/trash/:id/restore", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    return restoreFromTrash(ctx, user.id, id);
  });

  app.delete("/api/trash/:id", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const images = await deleteForever(ctx, user.id, id);
    // Its images go with it unless another document still shows them; the upkeep retries a failure.
    await purgeUnreferencedImages(ctx, images).catch((err) => request.log.error({ err }, "image purge failed"));
    return reply.status(204).send();
  });
}
