// When a share link works: the document is public, not in the trash, and its link has not
// expired. Every visitor-side read (the shared view, realtime and live grants) uses it.
import { type SQL, and, eq, gt, isNull, or } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";

export function liveLinkCondition(ctx: AppContext, documentId: string): SQL {
  return and(
    eq(documents.id, documentId),
    eq(documents.isPublic, true),
    isNull(documents.deletedAt),
    or(isNull(documents.shareExpiresAt), gt(documents.shareExpiresAt, ctx.now())),
  )!;
}
