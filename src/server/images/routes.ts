// Images: upload into a document (its writers: the owner, editor members, visitors of a
// link that allows editing), serve to its readers, and the user's storage usage.
//
// Decisions where the issue was silent:
// - An upload is the raw file as the request body (any image/* type or
//   application/octet-stream; the declared type is ignored, the bytes decide), so the
//   browser can report upload progress on one plain request.
// - SVG is refused (415), not sanitized.
// - An image counts against the plan of the document's owner, whoever uploaded it.
// - Images are served with the id immutable (a stored image never changes), cached only by
//   the reader's browser (private), with a CSP that lets nothing in the file run.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import { IMAGE_MAX_BYTES } from "../../shared/contracts/images.js";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { isDocumentId, notInTrash, userAccessCondition } from "../documents/index.js";
import { AppError, forbidden, notFound, parse, requireUser } from "../http/index.js";
import { resolveShareGrant } from "../sharing/index.js";
import { imageOfDocument, imageReadableByUser, type StoredImageRef } from "./access.js";
import { processImage } from "./process.js";
import { imageUsage } from "./quota.js";
import { saveImage } from "./store.js";

const ImageParams = z.object({ imageId: z.string() });
const SharedImageParams = z.object({ id: z.string(), imageId: z.string() });
const imageNotFound = () => notFound("Image not found");
const documentNotFound = () => notFound("Document not found");

function shareToken(request: FastifyRequest): string | null {
  const value = request.headers[SHARE_TOKEN_HEADER];
  return typeof value === "string" && value.length > 0 && value.length <= 1024 ? value : null;
}

function uploadBody(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body)) {
    throw new AppError(415, "unsupported_media_type", "Send the image file itself as the request body (Content-Type: image/* or application/octet-stream)");
  }
  return request.body;
}

export async function imageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Raw image bytes, only in this scope; the declared type only picks this parser.
  const raw = { parseAs: "buffer" as const, bodyLimit: IMAGE_MAX_BYTES };
  app.addContentTypeParser("application/octet-stream", raw, (_req, body, done) => done(null, body));
  app.addContentTypeParser(/^image\//, raw, (_req, body, done) => done(null, body));

  async function serve(reply: FastifyReply, image: StoredImageRef | null) {
    if (!image) throw imageNotFound();
    const bytes = await ctx.imageStore.get(image.storageKey);
    if (!bytes) throw imageNotFound();
    return reply
      .header("content-type", image.contentType)
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", "inline")
      .send(bytes);
  }

  app.post("/api/documents/:id/images", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    if (!isDocumentId(id)) throw documentNotFound();
    const [doc] = await ctx.db.select({ ownerId: documents.userId }).from(documents).where(userAccessCondition(user.id, id, true));
    if (!doc) throw documentNotFound();
    const image = await processImage(uploadBody(request));
    return reply.status(201).send(await saveImage(ctx, { documentId: id, ownerId: doc.ownerId, uploaderId: user.id, image }));
  });

  app.get("/api/images/usage", async (request) => {
    const user = requireUser(request);
    return imageUsage(ctx.db, user.id, ctx.now());
  });

  app.get("/api/images/:imageId", async (request, reply) => {
    const user = requireUser(request);
    const { imageId } = parse(ImageParams, request.params);
    if (!isDocumentId(imageId)) throw imageNotFound();
    return serve(reply, await imageReadableByUser(ctx.db, user.id, imageId));
  });

  // ---- Visitors of a share link: the link's document only, while the link works ----
  app.get("/api/shared/:id/images/:imageId", async (request, reply) => {
    const { id, imageId } = parse(SharedImageParams, request.params);
    if (!isDocumentId(id) || !isDocumentId(imageId)) throw imageNotFound();
    await resolveShareGrant(ctx, id, shareToken(request));
    reply.header("x-robots-tag", "noindex, nofollow");
    return serve(reply, await imageOfDocument(ctx.db, id, imageId));
  });

  app.post("/api/shared/:id/images", async (request, reply) => {
    const { id } = parse(DocumentIdParamsSchema, request.params);
    if (!isDocumentId(id)) throw documentNotFound();
    const grant = await resolveShareGrant(ctx, id, shareToken(request));
    if (!grant.canEdit) throw forbidden("This link does not allow editing");
    const [doc] = await ctx.db.select({ ownerId: documents.userId }).from(documents).where(and(eq(documents.id, id), notInTrash()));
    if (!doc) throw documentNotFound();
    const image = await processImage(uploadBody(request));
    return reply.status(201).send(await saveImage(ctx, { documentId: id, ownerId: doc.ownerId, uploaderId: null, image }));
  });
}
