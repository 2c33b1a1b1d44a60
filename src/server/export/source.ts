// Which document an export request may read: the signed-in owner's, or a shared one for
// a visitor holding the link (and, for a password-protected link, a share token sent in
// x-share-token). Access is decided in SQL by the Documents and Sharing modules; a
// document the caller may not see is a 404, and no session on an unshared one is a 401.
import type { FastifyRequest } from "fastify";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import type { AppContext } from "../context.js";
import { readDocument } from "../documents/index.js";
import { unauthorized } from "../http/index.js";
import { findSharedRow, grantFor } from "../sharing/index.js";

export async function documentForExport(ctx: AppContext, request: FastifyRequest, id: string) {
  if (request.user) {
    try {
      return await readDocument(ctx, { kind: "user", userId: request.user.id }, id);
    } catch (err) {
      // Not the owner: a signed-in visitor of a shared link may still export it.
      const row = await findSharedRow(ctx, id);
      if (!row) throw err;
      return readAsShare(ctx, request, row);
    }
  }
  const row = await findSharedRow(ctx, id);
  if (!row) throw unauthorized();
  return readAsShare(ctx, request, row);
}

async function readAsShare(ctx: AppContext, request: FastifyRequest, row: NonNullable<Awaited<ReturnType<typeof findSharedRow>>>) {
  const header = request.headers[SHARE_TOKEN_HEADER];
  const token = typeof header === "string" && header ? header : null;
  const grant = await grantFor(ctx, row, token);
  return readDocument(ctx, { kind: "share", documentId: grant.documentId, canEdit: false, shareGeneration: grant.generation }, row.id);
}
