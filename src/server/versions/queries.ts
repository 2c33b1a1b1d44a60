// The version history as its routes see it: list, read, name and restore, for the owner and
// editor members (access.ts's write condition, in SQL); anyone else gets 404.
import { and, desc, eq, sql } from "drizzle-orm";
import type { VersionDetail, VersionList, VersionSummary } from "../../shared/contracts/versions.js";
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

const summaryColumns = {
  id: documentVersions.id,
  documentId: documentVersions.documentId,
  docVersion: documentVersions.docVersion,
  kind: documentVersions.kind,
  name: documentVersions.name,
  authors: documentVersions.authors,
  title: documentVersions.title,
  jsonBytes: documentVersions.jsonBytes,
  wordCount: documentVersions.wordCount,
  createdAt: documentVersions.createdAt,
  storedBytes: sql<number>`octet_length(${documentVersions.content})`,
};

export async function listVersions(ctx: AppContext, userId: string, documentId: string): Promise<VersionList> {
  const doc = await writable(ctx, userId, documentId);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.createdAt), desc(documentVersions.docVersion));
  const { plan } = await getUserPlan(ctx.db, doc.ownerId, ctx.now());
  return { versions: rows.map(present), retention_days: VERSION_RETENTION_DAYS[plan] };
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
