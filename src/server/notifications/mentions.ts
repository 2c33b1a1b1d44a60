// Who may be mentioned in a document's comments: the people who can open it (the owner and
// every member who took their invitation: viewers read comments too). The same list serves
// the composer's @ picker and the check of a comment's mentions before it is written, both
// under the caller's own read access (a stranger's document is a 404 like everywhere else).
import { sql } from "drizzle-orm";
import type { MentionableResponse, MentionablePerson } from "../../shared/contracts/notifications.js";
import { mentionedIds } from "../../shared/mentions.js";
import type { AppContext } from "../context.js";
import { isDocumentId, userAccessCondition } from "../documents/index.js";
import { AppError, notFound } from "../http/index.js";
import { rowsOf } from "./sql-rows.js";

const documentNotFound = () => notFound("Document not found");

interface PersonRow {
  id: string;
  full_name: string;
  email: string;
  is_owner: boolean;
}

const nameOf = (row: PersonRow) => row.full_name.trim() || row.email.split("@")[0] || "Someone";

/** The people who can open document `documentId`, read as `callerId` (404 when the caller cannot). */
export async function mentionablePeople(ctx: AppContext, callerId: string, documentId: string): Promise<MentionableResponse> {
  if (!isDocumentId(documentId)) throw documentNotFound();
  const readable = userAccessCondition(callerId, documentId, false);
  const result = await ctx.db.execute(sql`
    select u.id, u.full_name, u.email, true as is_owner from documents join users u on u.id = "documents"."user_id" where ${readable}
    union
    select u.id, u.full_name, u.email, false as is_owner from documents
      join document_members m on m.document_id = "documents"."id"
      join users u on u.id = m.user_id
    where ${readable}`);
  const rows = rowsOf<PersonRow>(result);
  if (rows.length === 0) throw documentNotFound();
  const callerOwns = rows.some((r) => r.is_owner && r.id === callerId);
  const people: MentionablePerson[] = rows
    .map((r) => ({ id: r.id, name: nameOf(r), email: callerOwns ? r.email : null }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { people, can_invite: callerOwns };
}

/**
 * The people a comment's text mentions, each checked: someone who cannot open the document
 * (a stranger, a removed member, an id that is no one) is refused with a 422 before anything
 * is written, so a mention never tells a person about a document they cannot read.
 */
export async function checkMentions(ctx: AppContext, callerId: string, documentId: string, body: string): Promise<string[]> {
  const ids = mentionedIds(body);
  if (ids.length === 0) return [];
  const { people } = await mentionablePeople(ctx, callerId, documentId);
  const allowed = new Set(people.map((p) => p.id.toLowerCase()));
  const refused = ids.filter((id) => !allowed.has(id));
  if (refused.length > 0) {
    throw new AppError(422, "validation_failed", "You can mention only people who can open this document. Invite them first.", { field: "body" });
  }
  return ids;
}
