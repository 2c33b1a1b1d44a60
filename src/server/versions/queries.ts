// The version history as its routes see it: list, read, name and restore, for the owner and
// editor members (access.ts's write condition, in SQL); anyone else gets 404.
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { VersionDetail, VersionList, VersionListQuery, VersionSummary } from "../../shared/contracts/versions.js";
import { type SnapshotRequest, VERSION_RETENTION_DAYS, type VersionAuthor, type VersionKind } from "../../shared/contracts/versions.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { getUserPlan } from "../billing/index.js";
import type { AppContext, AuthUser } from "../context.js";
import { documentVersions, documents } from "../db/index.js";
import { accessCondition, isDocumentId } from "../documents/index.js";
import { notFound } from "../http/index.js";
import { decompress, takeSnapshot } from "./snapshots.js";

type VersionRow = typeof documentVersions.$inferSelect;

const versionNotFound = () => notFound("Version not found");

export const authorOf = (user: Pick<AuthUser, "id" | "fullName" | "email">): VersionAuthor => ({
  id: user.id,
  name: user.fullName || user.email.split("@")[0] || "Writer",
});

function present(row: Omit<VersionRow, "content"> & { storedBytes: number }): VersionSummary {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind as VersionKind,
    name: row.name,
    authors: row.authors as VersionAuthor[],
    title: row.title,
    word_count: row.wordCount,
    json_bytes: row.jsonBytes,
    stored_bytes: row.storedBytes,
  };
}

/** The document if `userId` may write it (owner or editor), with its owner; else 404. */
async function writable(ctx: AppContext, userId: string, documentId: string) {
  if (!isDocumentId(documentId)) throw notFound("Document not found");
  const [doc] = await ctx.db
    .select({ ownerId: documents.userId, version: documents.version })
    .from(documents)
    .where(accessCondition(ctx, { kind: "user", userId }, documentId, true));
  if (!doc) throw notFound("Document not found");
  return doc;
}

// The list's table under a name, so the page condition can tell it from the cursor's row.
const versionsAsV = alias(documentVersions, "v");

const summaryColumns = {
  id: versionsAsV.id,
  documentId: versionsAsV.documentId,
  docVersion: versionsAsV.docVersion,
  kind: versionsAsV.kind,
  name: versionsAsV.name,
  authors: versionsAsV.authors,
  title: versionsAsV.title,
  jsonBytes: versionsAsV.jsonBytes,
  wordCount: versionsAsV.wordCount,
  createdAt: versionsAsV.createdAt,
  storedBytes: sql<number>`octet_length(${versionsAsV.content})`,
};

/**
 * A page of the list, newest first. Paged by key (created_at, doc_version, id) after the
 * `before` version, compared in SQL (timestamps keep their microseconds), so a page costs the
 * same however long the history is and versions taken while the writer pages do not shift
 * it. A `before` that is not a version of this document gives an empty page.
 */
export async function listVersions(ctx: AppContext, userId: string, documentId: string, page: VersionListQuery): Promise<VersionList> {
  const doc = await writable(ctx, userId, documentId);
  if (page.before !== undefined && !isDocumentId(page.before)) throw versionNotFound();
  const olderThan =
    page.before === undefined
      ? sql`true`
      : sql`("v"."created_at", "v"."doc_version", "v"."id") < (
          SELECT "c"."created_at", "c"."doc_version", "c"."id" FROM "document_versions" "c"
          WHERE "c"."id" = ${page.before} AND "c"."document_id" = ${documentId})`;
  const rows = await ctx.db
    .select(summaryColumns)
    .from(versionsAsV)
    .where(and(eq(versionsAsV.documentId, documentId), olderThan))
    .orderBy(desc(versionsAsV.createdAt), desc(versionsAsV.docVersion), desc(versionsAsV.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const versions = rows.slice(0, page.limit).map(present);
  const { plan } = await getUserPlan(ctx.db, doc.ownerId, ctx.now());
  return { versions, next_before: more ? versions.at(-1)!.id : null, retention_days: VERSION_RETENTION_DAYS[plan] };
}

async function versionRow(ctx: AppContext, documentId: string, versionId: string): Promise<VersionRow> {
  if (!isDocumentId(versionId)) throw versionNotFound();
  const [row] = await ctx.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, documentId)));
  if (!row) throw versionNotFound();
  return row;
}

export async function readVersion(ctx: AppContext, userId: string, documentId: string, versionId: string): Promise<VersionDetail> {
  await writable(ctx, userId, documentId);
  const row = await versionRow(ctx, documentId, versionId);
  return { ...present({ ...row, storedBytes: row.content.byteLength }), content: JSON.parse(decompress(row.content)) as DocNode };
}

/**
 * Keeps the current state, live changes included: named (kept as long as the document), or
 * unnamed before an AI change about to rewrite more than a paragraph.
 */
export async function nameCurrentVersion(ctx: AppContext, user: AuthUser, documentId: string, body: SnapshotRequest): Promise<VersionSummary> {
  await writable(ctx, user.id, documentId);
  const live = (await ctx.liveDocuments.liveContent(documentId)) ?? undefined;
  const named = "name" in body ? { kind: "named" as const, name: body.name } : { kind: "ai" as const };
  const row = await takeSnapshot(ctx, documentId, { ...named, authors: [authorOf(user)], live });
  if (!row) throw notFound("Document not found");
  return present({ ...row, storedBytes: row.content.byteLength });
}

export async function renameVersion(ctx: AppContext, userId: string, documentId: string, versionId: string, name: string | null): Promise<VersionSummary> {
  await writable(ctx, userId, documentId);
  await versionRow(ctx, documentId, versionId);
  const [row] = await ctx.db
    .update(documentVersions)
    .set({ name })
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, documentId)))
    .returning();
  return present({ ...row!, storedBytes: row!.content.byteLength });
}

/**
 * Makes a version the current content, as a new change: the state it replaces is snapshot
 * first (so nothing is lost and the restore can itself be undone by restoring that), then
 * the content goes through the save path, which merges it into the live document for
 * everyone editing it. Returns the snapshot taken before.
 */
export async function restoreVersion(ctx: AppContext, user: AuthUser, documentId: string, versionId: string): Promise<{ before: VersionSummary }> {
  await writable(ctx, user.id, documentId);
  const target = await versionRow(ctx, documentId, versionId);
  // What is there now, including what editors typed since the last store.
  const live = (await ctx.liveDocuments.liveContent(documentId)) ?? undefined;
  const before = await takeSnapshot(ctx, documentId, { kind: "restore", authors: [authorOf(user)], live });
  if (!before) throw notFound("Document not found");
  const content = JSON.parse(decompress(target.content)) as DocNode;
  // Into the live document, which stores it at once and sends it to everyone editing.
  await ctx.liveDocuments.replaceContent(documentId, { content, title: target.title });
  return { before: present({ ...before, storedBytes: before.content.byteLength }) };
}
