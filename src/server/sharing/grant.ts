// What a visitor with a share link may do. The link works only while the document is
// public and not expired — checked in SQL, so a private, expired, deleted or unknown
// document all give the same 404. A password-protected link additionally needs a share
// token issued under the document's current share_generation.
import type { SharedDocument } from "../../shared/contracts/sharing.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { withoutSuggestions } from "../../shared/editor/without-suggestions.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { isDocumentId } from "../documents/index.js";
import { AppError, notFound } from "../http/index.js";
import { liveLinkCondition } from "./live-link.js";
import { verifyShareToken } from "./token.js";

const isDocNode = (content: unknown): content is DocNode => typeof content === "object" && content !== null && (content as DocNode).type === "doc";

export const sharedNotFound = () => notFound("Document not found");
const passwordRequired = () => new AppError(401, "password_required", "This document is password protected");

export interface ShareGrant {
  documentId: string;
  canEdit: boolean;
  generation: number;
  hasPassword: boolean;
  /** A share token for this document and its current generation was presented. */
  tokenValid: boolean;
}

/** The live share row (public, unexpired) with what a visitor may see, or null. */
export async function findSharedRow(ctx: AppContext, documentId: string) {
  if (!isDocumentId(documentId)) return null;
  const [row] = await ctx.db
    .select({
      id: documents.id,
      title: documents.title,
      content: documents.content,
      updatedAt: documents.updatedAt,
      version: documents.version,
      allowEditing: documents.allowEditing,
      showComments: documents.shareComments,
      passwordHash: documents.sharePasswordHash,
      generation: documents.shareGeneration,
    })
    .from(documents)
    .where(liveLinkCondition(ctx, documentId));
  return row ?? null;
}

export type SharedRow = NonNullable<Awaited<ReturnType<typeof findSharedRow>>>;

/** Checks a visitor's access to a shared row: 401 password_required without a valid token. */
export async function grantFor(ctx: AppContext, row: SharedRow, token: string | null): Promise<ShareGrant> {
  const claims = token ? await verifyShareToken(ctx, token, row.id) : null;
  const tokenValid = claims !== null && claims.g === row.generation;
  const hasPassword = row.passwordHash !== null;
  if (hasPassword && !tokenValid) throw passwordRequired();
  return { documentId: row.id, canEdit: row.allowEditing, generation: row.generation, hasPassword, tokenValid };
}

/** Resolves a visitor's grant on a document, or throws 404 / 401. */
export async function resolveShareGrant(ctx: AppContext, documentId: string, token: string | null): Promise<ShareGrant> {
  const row = await findSharedRow(ctx, documentId);
  if (!row) throw sharedNotFound();
  return grantFor(ctx, row, token);
}

/**
 * Only what a visitor may see; never user_id, the owner's email or the share settings. A
 * read-only link shows the text as it reads without pending suggestions, as exports do (and as
 * a viewer sees a document in Google Docs): proposals and their authors' names are the team's
 * review, not the published text. A link that allows editing joins the live document instead.
 */
export function presentShared(doc: {
  id: string;
  title: string;
  content: unknown;
  updated_at?: string | Date;
  updatedAt?: string | Date;
  allow_editing?: boolean;
  allowEditing?: boolean;
  showComments?: boolean;
  version: number;
}): SharedDocument {
  const updated = doc.updated_at ?? doc.updatedAt ?? new Date(0);
  const editing = doc.allow_editing ?? doc.allowEditing ?? false;
  return {
    id: doc.id,
    title: doc.title,
    content: editing || !isDocNode(doc.content) ? doc.content : withoutSuggestions(doc.content),
    updated_at: updated instanceof Date ? updated.toISOString() : updated,
    allow_editing: editing,
    ...(doc.showComments !== undefined ? { show_comments: doc.showComments } : {}),
    version: doc.version,
  };
}
