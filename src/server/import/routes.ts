// POST /api/import: each file becomes a new document of the caller's. Files are converted
// and stored one at a time, each in its own transaction with the plan's document limit
// (documents/ createDocument), so a batch that would pass the limit keeps what fits and the
// answer names every file: imported with its notes, or refused with the reason. The gate
// (gate.ts) bounds how many imports convert at once, per user and in all.
import type { FastifyInstance } from "fastify";
import { IMPORT_BATCH_MAX_BYTES, type ImportRequest, type ImportResult, importRequest } from "../../shared/contracts/import.js";
import type { AppContext, AuthUser } from "../context.js";
import { createDocument } from "../documents/index.js";
import { AppError, parse, requireUser, tooLarge } from "../http/index.js";
import { authorOf, keepFirstVersion } from "../versions/index.js";
import { saveImage } from "../images/index.js";
import { addImportedThreads } from "../comments/index.js";
import type { ImportedImage } from "./images.js";
import { importGate } from "./gate.js";

// Base64 is 4/3 of the bytes; the rest is room for names and JSON.
const BODY_LIMIT = Math.ceil((IMPORT_BATCH_MAX_BYTES * 4) / 3) + 256 * 1024;

export async function importRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/import", { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(importRequest, request.body);
    const decoded = body.files.reduce((sum, f) => sum + Math.floor((f.data.length * 3) / 4), 0);
    if (decoded > IMPORT_BATCH_MAX_BYTES) throw tooLarge(`At most ${IMPORT_BATCH_MAX_BYTES / 1024 / 1024} MB of files at once`);

    const release = importGate.enter(user.id);
    try {
      return reply.status(201).send(await importBatch(ctx, user, body.files));
    } finally {
      release();
    }
  });
}

/** Stores the file's pictures as the new document's; a refusal (the plan's image storage is full) is a note. */
async function storeImportedImages(ctx: AppContext, userId: string, documentId: string, images: ImportedImage[]): Promise<string[]> {
  let refused: AppError | null = null;
  let missed = 0;
  for (const { id, image } of images) {
    try {
      await saveImage(ctx, { id, documentId, ownerId: userId, uploaderId: userId, image });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      refused ??= err;
      missed++;
    }
  }
  return refused ? [`${missed} ${missed === 1 ? "picture was" : "pictures were"} not stored: ${refused.message}`] : [];
}

async function importBatch(ctx: AppContext, user: AuthUser, files: ImportRequest["files"]): Promise<{ results: ImportResult[] }> {
  const results: ImportResult[] = [];
  let firstRefusal: AppError | null = null;
  // The readers (Markdown, HTML, Word: markdown-it, htmlparser2, the zip reader, ~0.4 MB)
  // load with the first import, not at start.
  const { convertFile } = await import("./convert-file.js");
  for (const file of files) {
    try {
      const converted = await convertFile(file.name, Buffer.from(file.data, "base64"));
      const record = await createDocument(ctx, user.id, { title: converted.title, content: converted.content as unknown as Record<string, unknown> });
      // The history starts with the file as it was imported.
      await keepFirstVersion(ctx, record.id, authorOf(user));
      // A Word file's comments become the document's threads (anchored by marks in its text).
      if (converted.comments) await addImportedThreads(ctx, user, record.id, converted.comments);
      const notes = [...converted.notes, ...(await storeImportedImages(ctx, user.id, record.id, converted.images))];
      results.push({ status: "imported", name: file.name, id: record.id, title: record.title, notes });
    } catch (err) {
      // A refusal belongs to its file; anything else is the server's fault and ends the request.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      firstRefusal ??= err;
      results.push({ status: "refused", name: file.name, reason: err.message });
    }
  }
  // Nothing imported: the first refusal's status, with every file's reason.
  if (firstRefusal && !results.some((r) => r.status === "imported")) {
    throw new AppError(firstRefusal.status, firstRefusal.code, firstRefusal.message, { ...firstRefusal.extra, results });
  }
  return { results };
}
