// Who may read and write a document's comments, decided in SQL like every other document
// access (documents/access.ts): each statement of this area carries one of these conditions
// in its WHERE, so another user's thread, a removed member's, or a document in the trash is a
// 404 exactly like a missing one.
// - read: the owner and every member (viewer, commenter, editor);
// - comment (start a thread, reply): the owner, commenters and editors;
// - resolve or reopen: the owner, editors, and the thread's author (checked per thread);
// - a share-link visitor reads only when the owner turned "show comments" on, never writes.
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { type DocumentPrincipal, accessCondition, userAccessCondition } from "../documents/index.js";

export type CommentAction = "read" | "comment";

/** A member of document `documentId` (a table alias "m") whose role is one of `roles`. */
const memberWith = (userId: string, roles: SQL) =>
  sql`exists (select 1 from document_members m where m.document_id = "documents"."id" and m.user_id = ${userId} and m.role in ${roles})`;

/** Condition on "documents" under which `userId` may do `action` with the comments of document `documentId`. */
export function userCommentCondition(userId: string, documentId: string, action: CommentAction): SQL {
  if (action === "read") return userAccessCondition(userId, documentId, false);
  return sql`("documents"."id" = ${documentId} and "documents"."deleted_at" is null and ("documents"."user_id" = ${userId} or ${memberWith(userId, sql`('commenter', 'editor')`)}))`;
}

/** Whether the user is the owner or an editor (who resolve any thread): a boolean SQL expression over "documents". */
export function mayResolveAny(userId: string): SQL<boolean> {
  return sql<boolean>`("documents"."user_id" = ${userId} or ${memberWith(userId, sql`('editor')`)})`;
}

/** `exists (…)` of the document under `condition`: for statements on the comment tables. */
export const documentWhere = (condition: SQL): SQL => sql`exists (select 1 from documents where ${condition})`;

/** A share-link visitor's read of the comments: the link must work and the owner must show comments. */
export function visitorCommentCondition(ctx: AppContext, principal: Extract<DocumentPrincipal, { kind: "share" }>, documentId: string): SQL {
  return sql`(${accessCondition(ctx, principal, documentId, false)} and "documents"."share_comments" = true)`;
}
