// Who may read or change a document, decided in SQL. Every read and write of a single
// document goes through here: the owner's routes, the Sharing routes (a share principal
// for a visitor holding a valid link), Export and AI. A document the principal may not see
// is a 404, exactly like a missing one.
import { type SQL, and, eq, getTableColumns, gt, isNull, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { documentChannel } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import { preparedPerDb } from "../db/prepared.js";
import { documents } from "../db/schema.js";
import { conflict, notFound } from "../http/errors.js";
import { type CheckedContent, checkContent } from "./content.js";
import { type DocumentRow, presentDocument, rememberContentJson } from "./present.js";

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
  const row =
    checked && principal.kind === "owner"
      ? await saveOwnerContent(ctx, principal.userId, id, patch, checked)
      : await updateAny(ctx, principal, id, patch, checked);
  if (!row) {
    // Tell a stale writer apart from one who may not write (or a missing document).
    const [current] = await ctx.db.select().from(documents).where(accessCondition(ctx, principal, id, true));
    if (!current) throw notFound("Document not found");
    throw conflict("This document was changed since you loaded it", { current: presentDocument(current) });
  }
  const record = presentDocument(row);
  if (checked) rememberContentJson(record, checked.json);
  publishUpdate(ctx, { ...record, user_id: writerOf(principal) });
  return record;
}

// When the content is ours, read back everything but it: parsing a large jsonb value
// back out of the database costs as much as writing it.
const { content: _content, textContent: _text, ...withoutContent } = getTableColumns(documents);

/**
 * The autosave: the owner sends the whole content (and maybe the title). It is the most
 * frequent write, so its statement is built once per database and the content travels as
 * the JSON text checkContent already made, instead of being serialized again.
 */
function prepareOwnerSave(db: Db) {
  return db
    .update(documents)
    .set({
      content: sql`${sql.placeholder("json")}::jsonb`,
      textContent: sql`${sql.placeholder("text")}`,
      title: sql`coalesce(${sql.placeholder("title")}, ${documents.title})`,
      version: sql`${documents.version} + 1`,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .where(
      and(
        eq(documents.id, sql.placeholder("id")),
        eq(documents.userId, sql.placeholder("userId")),
        eq(documents.version, sql.placeholder("version")),
      ),
    )
    .returning(withoutContent)
    .prepare("save_document_content");
}

const ownerSave = preparedPerDb(prepareOwnerSave);

async function saveOwnerContent(ctx: AppContext, userId: string, id: string, patch: DocumentPatch, checked: CheckedContent) {
  const [row] = await ownerSave(ctx.db).execute({
    json: checked.json,
    text: checked.text,
    title: patch.title !== undefined ? patch.title.trim() : null,
    now: ctx.now().toISOString(),
    id,
    userId,
    version: patch.version,
  });
  return row ? { ...row, content: checked.doc, textContent: checked.text } : undefined;
}

/** Any other change (a title alone, a shared link's editor), built per call. */
async function updateAny(
  ctx: AppContext,
  principal: DocumentPrincipal,
  id: string,
  patch: DocumentPatch,
  checked: CheckedContent | null,
): Promise<DocumentRow | undefined> {
  const set: PgUpdateSetSource<typeof documents> = {
    updatedAt: ctx.now(),
    version: sql`${documents.version} + 1`,
  };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (checked) {
    set.content = sql`${checked.json}::jsonb`;
    set.textContent = checked.text;
  }
  const where = and(accessCondition(ctx, principal, id, true), eq(documents.version, patch.version));
  if (!checked) return (await ctx.db.update(documents).set(set).where(where).returning())[0];
  const [row] = await ctx.db.update(documents).set(set).where(where).returning(withoutContent);
  return row ? { ...row, content: checked.doc, textContent: checked.text } : undefined;
}

/**
 * Fans the update out to subscribers without holding up the save (a NOTIFY is a database
 * round trip); a realtime failure never fails the saved write — subscribers catch up on
 * their next read.
 */
function publishUpdate(ctx: AppContext, record: DocumentRecord) {
  ctx.realtime.publish({ channel: documentChannel(record.id), record }).catch(() => {});
}
