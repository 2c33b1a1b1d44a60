// Who may read or change a document, decided in SQL. Every read and write of a single
// document is scoped by accessCondition: the signed-in user's routes (the owner, or a member
// the owner invited: a viewer reads, an editor also writes), the Sharing routes (a share
// principal for a visitor holding a valid link), Export and AI. A document the principal
// may not see is a 404, exactly like a missing one. What only the owner may do (delete,
// share settings, members) is scoped by documents.user_id alone (ownerCondition).
import { type Placeholder, type SQL, and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";

export type DocumentPrincipal =
  /** A signed-in user: the owner or a member. */
  | { kind: "user"; userId: string }
  | {
      kind: "share";
      documentId: string;
      canEdit: boolean;
      /** When given, the grant is only valid while the document's share_generation matches. */
      shareGeneration?: number;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isDocumentId = (id: string) => UUID.test(id);

/** A document in the trash is read and written by nobody until it is restored (trash.ts). */
export const notInTrash = (): SQL => isNull(documents.deletedAt);

/**
 * A signed-in user's access: the owner, or a member (for writing, an editor). The values may
 * be placeholders of a prepared statement. Table names are spelled out: in an UPDATE the query
 * builder leaves column names unqualified, and inside the subquery they would mean its own table.
 */
export function userAccessCondition(userId: string | Placeholder, id: string | Placeholder, forWrite: boolean): SQL {
  const role = forWrite ? sql`and m.role = 'editor'` : sql``;
  return sql`("documents"."id" = ${id} and "documents"."deleted_at" is null and ("documents"."user_id" = ${userId} or exists (select 1 from document_members m where m.document_id = "documents"."id" and m.user_id = ${userId} ${role})))`;
}

/** The SQL condition under which `principal` may read (or, with `forWrite`, change) document `id`. */
export function accessCondition(ctx: AppContext, principal: DocumentPrincipal, id: string, forWrite: boolean): SQL {
  if (principal.kind === "user") return userAccessCondition(principal.userId, id, forWrite);
  const now = ctx.now();
  const conds: SQL[] = [
    eq(documents.id, id),
    notInTrash(),
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

/** The condition for what only the owner of document `id` may do (not while it is in the trash). */
export function ownerCondition(userId: string, id: string): SQL {
  return and(eq(documents.id, id), eq(documents.userId, userId), notInTrash())!;
}
