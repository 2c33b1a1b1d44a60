// Export routes: download a saved document in any format,
// or turn the editor's current content into a file (so unsaved edits are included).
import type { FastifyInstance, FastifyReply } from "fastify";
import { exportQuery, exportRequest } from "../../shared/contracts/export.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { validateDocContent } from "../../shared/editor/validate.js";
import { DOCUMENT_MAX_BYTES } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { badRequest, parse, requireUser } from "../http/index.js";
import { createExportGate } from "./gate.js";
import { type ExportFile, contentDisposition, renderExport } from "./render.js";
import { readVersion } from "../versions/index.js";
import { documentForExport } from "./source.js";
import { threadsForExport } from "../comments/index.js";
import { loadExportImages } from "./images.js";

function send(reply: FastifyReply, file: ExportFile) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(file.fileName))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.body);
}

export async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gate = createExportGate();
  const render = (...args: Parameters<typeof renderExport>) =>
    args[2] === "pdf" || args[2] === "docx" ? gate(() => renderExport(...args)) : renderExport(...args);

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>("/api/documents/:id/export", async (request, reply) => {
    const query = parse(exportQuery, request.query);
    const doc = query.version
      ? await readVersion(ctx, requireUser(request).id, request.params.id, query.version)
      : await documentForExport(ctx, request, request.params.id);
    // Word carries the comments the signed-in reader may see (a link visitor's export has none).
    const comments = query.format === "docx" && request.user && !query.version ? await threadsForExport(ctx, request.user.id, request.params.id) : [];
    const content = doc.content as DocNode;
    // A version is of the same document: its pictures are the document's.
    const images = await loadExportImages(ctx, content, { documentId: request.params.id });
    const file = await render(content, doc.title, query.format, { now: ctx.now(), pageSize: query.pageSize, comments, images, publicUrl: ctx.config.publicUrl });
    return send(reply, file);
  });

  app.post("/api/export", { bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024 }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(exportRequest, request.body);
    const checked = validateDocContent(body.content);
    if (!checked.ok) throw badRequest(checked.message);
    const comments = body.format === "docx" && body.document_id ? await threadsForExport(ctx, user.id, body.document_id) : [];
    const images = await loadExportImages(ctx, checked.doc, { userId: user.id });
    const file = await render(checked.doc, body.title, body.format, { now: ctx.now(), pageSize: body.pageSize, comments, images, publicUrl: ctx.config.publicUrl });
    return send(reply, file);
  });
}
