// Who may read or change a document, decided in SQL. Every read and write of a single
// document goes through here: the owner's routes, the Sharing routes (a share principal
// for a visitor holding a valid link), Export and AI. A document the principal may not see
// is a 404, exactly like a missing one.
import { type SQL, and, eq, getTableColumns, gt, isNull, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { documentChannel } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/schema.js";
import { conflict, notFound } from "../http/errors.js";
import { checkContent } from "./content.js";
import { presentDocument } from "./present.js";

export type DocumentPrincipal =
  | { kind: "owner"; userId: string }
  | {
      kind: "share";
      documentId: string;
      canEdit: boolean;
      /** When given, the grant is only valid while the document's share_generation matches. */
      shareGeneration?: number;
    };

export interface DocumentPatch {
  title?: string;
  /** A ProseMirror JSON object or the same as a JSON string; validated here. */
  content?: string | Record<string, unknown>;
  /** The version the edit is based on. */
  version: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isDocumentId = (id: string) => UUID.test(id);

/** The SQL condition under which `principal` may read (or, with `forWrite`, change) document `id`. */
export function accessCondition(ctx: AppContext, principal: DocumentPrincipal, id: string, forWrite: boolean): SQL {
  if (principal.kind === "owner") return and(eq(documents.id, id), eq(documents.userId, principal.userId))!;
  const now = ctx.now();
  const conds: SQL[] = [
    eq(documents.id, id),
    eq(documents.id, principal.documentId),
    eq(documents.isPublic, true),
    or(isNull(documents.shareExpiresAt), gt(documents.shareExpiresAt, now))!,
  ];
  if (principal.shareGeneration !== undefined) conds.push(eq(documents.shareGeneration, principal.shareGeneration));
  if (forWrite) {
    // A read-only grant never writes, whatever the document says.
    if (!principal.canEdit) conds.push(sql`false`);
    conds.push(eq(documents.allowEditing, true));
  }
  return and(...conds)!;
}

const writerOf = (principal: DocumentPrincipal) => (principal.kind === "owner" ? principal.userId : null);

export async function readDocument(ctx: AppContext, principal: DocumentPrincipal, id: string): Promise<DocumentRecord> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const [row] = await ctx.db.select().from(documents).where(accessCondition(ctx, principal, id, false));
  if (!row) throw notFound("Document not found");
  return presentDocument(row);
}

/**
 * One conditional UPDATE … WHERE <access> AND version = expected: either it applies on top
 * of exactly the version the writer saw, or nothing changes and the caller gets 409 with the
 * current document. Publishes the realtime UPDATE with the writer's user_id.
 */
export async function updateDocument(
  ctx: AppContext,
  principal: DocumentPrincipal,
  id: string,
  patch: DocumentPatch,
): Promise<DocumentRecord> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const checked = patch.content !== undefined ? checkContent(patch.content) : null;
  const set: PgUpdateSetSource<typeof documents> = {
    updatedAt: ctx.now(),
    version: sql`${documents.version} + 1`,
  };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (checked) {
    set.content = checked.doc;
    set.textContent = checked.text;
  }
  // When the content is ours, read back everything but it: parsing a large jsonb value
  // back out of the database costs as much as writing it.
  const { content: _content, textContent: _text, ...withoutContent } = getTableColumns(documents);
  const where = and(accessCondition(ctx, principal, id, true), eq(documents.version, patch.version));
  const [row] = checked
    ? (await ctx.db.update(documents).set(set).where(where).returning(withoutContent)).map((r) => ({
        ...r,
        content: checked.doc,
        textContent: checked.text,
      }))
    : await ctx.db.update(documents).set(set).where(where).returning();
  if (!row) {
    // Tell a stale writer apart from one who may not write (or a missing document).
    const [current] = await ctx.db.select().from(documents).where(accessCondition(ctx, principal, id, true));
    if (!current) throw notFound("Document not found");
    throw conflict("This document was changed since you loaded it", { current: presentDocument(current) });
  }
  const record = presentDocument(row);
  publishUpdate(ctx, { ...record, user_id: writerOf(principal) });
  return record;
}

/**
 * Fans the update out to subscribers without holding up the save (a NOTIFY is a database
 * round trip); a realtime failure never fails the saved write — subscribers catch up on
 * their next read.
 */
function publishUpdate(ctx: AppContext, record: DocumentRecord) {
  ctx.realtime.publish({ channel: documentChannel(record.id), record }).catch(() => {});
}
