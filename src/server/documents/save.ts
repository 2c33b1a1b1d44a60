// The save path: one conditional UPDATE per edit (the autosave is the most frequent write),
// then the realtime fan-out to other tabs and visitors.
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DocumentRecord, UpdateDocumentBody } from "../../shared/contracts/documents.js";
import { documentChannel } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { documents, preparedPerDb } from "../db/index.js";
import { conflict, notFound } from "../http/index.js";
import { type DocumentPrincipal, accessCondition, isDocumentId } from "./access.js";
import { type CheckedBody, type CheckedContent, checkContent } from "./content.js";
import { blockMemos } from "./block-memos.js";
import { contentCache } from "./content-cache.js";
import { type DocumentRow, noteRecordText, presentDocument } from "./present.js";

/**
 * A saved document and, when the save carried content, that content as the JSON text
 * checkContent already made, so the answer need not serialize the tree again (present.ts).
 */
export interface SavedDocument {
  record: DocumentRecord;
  contentJson: string | null;
}

const writerOf = (principal: DocumentPrincipal) => (principal.kind === "user" ? principal.userId : null);

/**
 * One conditional UPDATE … WHERE <access> AND version = expected: either it applies on top
 * of exactly the version the writer saw, or nothing changes and the caller gets 409 with the
 * current document. Publishes the realtime UPDATE with the writer's user_id. `body`: the
 * patch came in a request body the request check has walked (content.ts CheckedBody).
 */
export async function updateDocument(
  ctx: AppContext,
  principal: DocumentPrincipal,
  id: string,
  patch: UpdateDocumentBody,
  body?: CheckedBody,
): Promise<SavedDocument> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  // A writer's autosaves resend the blocks they did not change: those are not checked again.
  const blocks = typeof patch.content === "string" && principal.kind === "user" ? blockMemos(ctx).slot(principal.userId, id, patch.content) : undefined;
  const checked = patch.content !== undefined ? checkContent(patch.content, body, blocks) : null;
  // One conditional UPDATE, which writes nothing to a co-edited document (its content
  // changes only through the live state). The owner's content save is the autosave: its
  // statement is prepared once. A miss costs one read, to tell why.
  const ownersSave = !!checked && principal.kind === "user";
  let row = ownersSave ? await saveOwnerContent(ctx, principal.userId, id, patch, checked) : await updateAny(ctx, principal, id, patch, checked);
  if (!row) {
    const current = await currentFor(ctx, principal, id, patch);
    if (current.coEdited && (checked || patch.title !== undefined)) return saveIntoLiveDocument(ctx, principal, id, patch, checked);
    // The owner's statement does not apply to a member who may write.
    if (ownersSave) row = await updateAny(ctx, principal, id, patch, checked);
    if (!row) throw changedSinceLoaded(await currentFor(ctx, principal, id));
  }
  const record = presentDocument(row);
  // The editor that opens this version next reads it from memory.
  if (checked) contentCache(ctx).set(id, row.version, checked.json);
  const published = { ...record, user_id: writerOf(principal) };
  if (checked) noteRecordText(published, checked.text, checked.words);
  publishUpdate(ctx, published);
  return { record, contentJson: checked?.json ?? null };
}

/** The document as the writer may see it: 404 when it may not, 409 when the writer's version is not the current one. */
async function currentFor(ctx: AppContext, principal: DocumentPrincipal, id: string, patch?: UpdateDocumentBody): Promise<DocumentRow> {
  const [current] = await ctx.db.select().from(documents).where(accessCondition(ctx, principal, id, true));
  if (!current) throw notFound("Document not found");
  if (patch && current.version !== patch.version) throw changedSinceLoaded(current);
  return current;
}

const changedSinceLoaded = (current: DocumentRow) => conflict("This document was changed since you loaded it", { current: presentDocument(current) });

/**
 * A REST title or content change for a co-edited document, once checked against the version the client saw like
 * any save (409 otherwise): applied to the live document as the change from that
 * version, so it merges with what editors are typing; the store answers with the result.
 */
async function saveIntoLiveDocument(
  ctx: AppContext,
  principal: DocumentPrincipal,
  id: string,
  patch: UpdateDocumentBody,
  checked: CheckedContent | null,
): Promise<SavedDocument> {
  // The change is taken from the version the writer read, never from a newer one: a store
  // landing after the check above must not turn what the writer lacked into deletions.
  const outcome = await ctx.liveDocuments.applyChange(id, { content: checked?.doc, title: patch.title?.trim() }, patch.version);
  if (outcome === "changed") throw changedSinceLoaded(await currentFor(ctx, principal, id));
  const [row] = await ctx.db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw notFound("Document not found");
  return { record: presentDocument(row), contentJson: null };
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
      wordCount: sql`${sql.placeholder("words")}::int`,
      title: sql`coalesce(${sql.placeholder("title")}, ${documents.title})`,
      version: sql`${documents.version} + 1`,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .where(
      and(
        eq(documents.id, sql.placeholder("id")),
        eq(documents.userId, sql.placeholder("userId")),
        eq(documents.version, sql.placeholder("version")),
        // A co-edited document changes only through its live state (saveIntoLiveDocument).
        eq(documents.coEdited, false),
        isNull(documents.deletedAt),
      ),
    )
    .returning(withoutContent)
    .prepare("save_document_content");
}

const ownerSave = preparedPerDb(prepareOwnerSave);

async function saveOwnerContent(ctx: AppContext, userId: string, id: string, patch: UpdateDocumentBody, checked: CheckedContent) {
  const [row] = await ownerSave(ctx.db).execute({
    json: checked.json,
    text: checked.text,
    words: checked.words,
    title: patch.title !== undefined ? patch.title.trim() : null,
    now: ctx.now().toISOString(),
    id,
    userId,
    version: patch.version,
  });
  return row ? { ...row, content: checked.doc, textContent: checked.text } : undefined;
}

/** Any other change (a title alone, a member's or a shared link's edit), built per call. */
async function updateAny(
  ctx: AppContext,
  principal: DocumentPrincipal,
  id: string,
  patch: UpdateDocumentBody,
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
    set.wordCount = checked.words;
  }
  // A change of the title or content of a co-edited document goes through its live state.
  const changesText = checked !== null || patch.title !== undefined;
  const where = and(accessCondition(ctx, principal, id, true), eq(documents.version, patch.version), changesText ? eq(documents.coEdited, false) : undefined);
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
