// Sharing: the owner's share settings and the
// visitor's side of a share link. Handlers stay thin: validate → authorize → act → present.
//
// Decisions where the issue was silent:
// - A date-only expiry ends at the end of that day in UTC (see expiry.ts).
// - Private, expired, deleted and unknown documents all answer the same 404.
// - An edit through a link that does not allow editing is a 403: the visitor can already
//   read the document, so 403 reveals nothing a 404 would hide.
// - Every /api/shared/* answer carries X-Robots-Tag: noindex.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import { DOCUMENT_BODY_LIMIT } from "../../shared/limits.js";
import {
  SHARE_TOKEN_HEADER,
  shareSettingsInput,
  sharedPatchInput,
  unlockInput,
} from "../../shared/contracts/sharing.js";
import type { AppContext } from "../context.js";
import { isDocumentId, updateDocument } from "../documents/index.js";
import { AppError, forbidden, parse, rateLimited, requireUser } from "../http/index.js";
import { findSharedRow, grantFor, presentShared, resolveShareGrant, sharedNotFound } from "./grant.js";
import { verifySharePassword } from "./password.js";
import { getShareSettings, updateShareSettings } from "./settings.js";
import { issueShareToken } from "./token.js";
import { recordUnlockFailure, unlockRetryAfter } from "./unlock-limit.js";

function shareToken(request: FastifyRequest): string | null {
  const value = request.headers[SHARE_TOKEN_HEADER];
  return typeof value === "string" && value.length > 0 && value.length <= 1024 ? value : null;
}

export async function sharingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // ---- Owner: share settings (scoped to the owner in SQL; anyone else gets 404) ----
  app.get("/api/documents/:id/share", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    if (!isDocumentId(id)) throw sharedNotFound();
    return getShareSettings(ctx, user.id, id);
  });

  app.put("/api/documents/:id/share", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const input = parse(shareSettingsInput, request.body ?? {});
    if (!isDocumentId(id)) throw sharedNotFound();
    return updateShareSettings(ctx, user.id, id, input);
  });

  // ---- Visitor: the public side of a link (no sign-in; the owner's session grants nothing here) ----
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/shared/")) {
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("cache-control", "no-store");
    }
  });

  app.get("/api/shared/:id", async (request, reply) => {
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const row = await findSharedRow(ctx, id);
    if (!row) throw sharedNotFound();
    const grant = await grantFor(ctx, row, shareToken(request));
    // An open link needs no password, but live updates need a token: hand one out here.
    if (!grant.tokenValid) reply.header(SHARE_TOKEN_HEADER, (await issueShareToken(ctx, row.id, row.generation)).token);
    return presentShared(row);
  });

  app.post("/api/shared/:id/unlock", async (request) => {
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const { password } = parse(unlockInput, request.body ?? {});
    const row = await findSharedRow(ctx, id);
    if (!row) throw sharedNotFound();
    const wait = await unlockRetryAfter(ctx, row.id, request.ip);
    if (wait > 0) throw rateLimited("Too many password attempts. Please try again later.", wait);
    if (row.passwordHash !== null && !(await verifySharePassword(row.passwordHash, password))) {
      await recordUnlockFailure(ctx, row.id, request.ip);
      throw new AppError(401, "invalid_password", "Incorrect password");
    }
    const { token, expiresAt } = await issueShareToken(ctx, row.id, row.generation);
    return { token, expiresAt: expiresAt.toISOString() };
  });

  app.patch("/api/shared/:id", { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request) => {
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(sharedPatchInput, request.body ?? {});
    const grant = await resolveShareGrant(ctx, id, shareToken(request));
    if (!grant.canEdit) throw forbidden("Editing is not allowed for this link");
    const principal = { kind: "share", documentId: grant.documentId, canEdit: true, shareGeneration: grant.generation } as const;
    try {
      return presentShared((await updateDocument(ctx, principal, id, body)).record);
    } catch (err) {
      // The conflict carries the current document: show the visitor only the public fields.
      if (err instanceof AppError && err.status === 409 && err.extra.current) {
        err.extra.current = presentShared(err.extra.current as Parameters<typeof presentShared>[0]);
      }
      throw err;
    }
  });
}
