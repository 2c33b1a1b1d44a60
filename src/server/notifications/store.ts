// The inbox: notifications written when a comment mentions someone or replies in a thread
// they took part in, and read back only by their own person. Every statement carries the
// person in its WHERE; the list also keeps only documents they can still open, so a removed
// member's old entries neither show a title nor count as unread.
import { sql } from "drizzle-orm";
import { type NotificationListResponse, type NotificationView, threadPath } from "../../shared/contracts/notifications.js";
import { mentionsAsText } from "../../shared/mentions.js";
import type { AppContext } from "../context.js";
import { isDocumentId } from "../documents/index.js";
import { notFound } from "../http/index.js";
import { rowsOf } from "./sql-rows.js";

const EXCERPT_LENGTH = 200;

/** A comment someone just wrote: who wrote it, where, and whom it mentions (checked by mentions.ts). */
export interface WrittenComment {
  documentId: string;
  threadId: string;
  commentId: string;
  actorId: string;
  actorName: string;
  body: string;
  mentioned: string[];
  /** A reply (or a first comment): a reply also tells the thread's participants. */
  isReply: boolean;
}

/** "This person can open the document" over a users row aliased u. */
const canOpen = (documentId: string) => sql`exists (select 1 from documents d where d.id = ${documentId}::uuid and d.deleted_at is null
  and (d.user_id = u.id or exists (select 1 from document_members m where m.document_id = d.id and m.user_id = u.id)))`;

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/**
 * Writes the notifications for a new comment: a mention for each person mentioned, a reply
 * for each other participant of the thread (its starter, everyone who commented in it and
 * everyone mentioned in it before),
 * never for the writer, only for people who can open the document, one per person. Each
 * entry waits for its person's next email, or is marked skipped when they turned comment
 * emails off. Returns everyone told (`told`) and the people among them with an email waiting.
 */
export async function recordNotifications(ctx: AppContext, c: WrittenComment): Promise<{ told: string[]; waiting: string[] }> {
  const excerpt = mentionsAsText(c.body).replace(/\s+/g, " ").trim().slice(0, EXCERPT_LENGTH);
  const now = ctx.now().toISOString();
  const insert = async (kind: "mention" | "reply", people: ReturnType<typeof sql>) =>
    rowsOf<{ user_id: string; email_state: string }>(
      await ctx.db.execute(sql`
        insert into notifications (user_id, kind, document_id, thread_id, comment_id, actor_id, actor_name, excerpt, created_at, email_state)
        select u.id, ${kind}::text, ${c.documentId}::uuid, ${c.threadId}::uuid, ${c.commentId}::uuid, ${c.actorId}::uuid, ${c.actorName}::text,
          ${excerpt}::text, ${now}::timestamptz,
          case when coalesce((p.notifications ->> 'comments')::boolean, true) then 'pending' else 'skipped' end
        from users u left join preferences p on p.user_id = u.id
        where u.id in (${people}) and u.id <> ${c.actorId}::uuid and ${canOpen(c.documentId)}
        on conflict (comment_id, user_id) do nothing
        returning user_id, email_state`),
    );
  const written = c.mentioned.length ? await insert("mention", idList(c.mentioned)) : [];
  if (c.isReply) {
    // Mentioned people already have theirs (the unique key keeps one per person and comment).
    const participants = sql`select t.created_by from comment_threads t where t.id = ${c.threadId}::uuid and t.created_by is not null
      union select c.author_id from comments c where c.thread_id = ${c.threadId}::uuid and c.author_id is not null and c.deleted_at is null
      union select n.user_id from notifications n where n.thread_id = ${c.threadId}::uuid and n.kind = 'mention'`;
    written.push(...(await insert("reply", participants)));
  }
  return { told: written.map((r) => r.user_id), waiting: written.filter((r) => r.email_state === "pending").map((r) => r.user_id) };
}

interface ListRow {
  id: string;
  kind: "mention" | "reply";
  document_id: string;
  title: string;
  thread_id: string;
  actor_name: string;
  excerpt: string;
  created_at: string | Date;
  read_at: string | Date | null;
}

/** The person's notifications on documents they can still open (a users row u is the person). */
const visibleTo = (userId: string) => sql`n.user_id = ${userId}::uuid and exists (select 1 from documents d where d.id = n.document_id and d.deleted_at is null
  and (d.user_id = n.user_id or exists (select 1 from document_members m where m.document_id = d.id and m.user_id = n.user_id)))`;

const toIso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

export async function unreadCount(ctx: AppContext, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await ctx.db.execute(sql`select count(*) as n from notifications n where ${visibleTo(userId)} and n.read_at is null`));
  return Number(row?.n ?? 0);
}

/** The newest `limit` notifications of the person, and how many are unread. */
export async function listNotifications(ctx: AppContext, userId: string, limit: number): Promise<NotificationListResponse> {
  const rows = rowsOf<ListRow>(
    await ctx.db.execute(sql`
      select n.id, n.kind, n.document_id, d.title, n.thread_id, n.actor_name, n.excerpt, n.created_at, n.read_at
      from notifications n join documents d on d.id = n.document_id
      where ${visibleTo(userId)}
      order by n.seq desc limit ${limit}`),
  );
  const notifications: NotificationView[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    document_id: r.document_id,
    document_title: r.title || "Untitled",
    thread_id: r.thread_id,
    actor_name: r.actor_name || "Someone",
    excerpt: r.excerpt,
    created_at: toIso(r.created_at),
    read: r.read_at !== null,
    path: threadPath(r.document_id, r.thread_id),
  }));
  return { notifications, unread: await unreadCount(ctx, userId) };
}

/** Marks one of the person's notifications read; someone else's (or none) is a 404. */
export async function markRead(ctx: AppContext, userId: string, id: string): Promise<number> {
  if (!isDocumentId(id)) throw notFound("Notification not found");
  const updated = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`update notifications n set read_at = coalesce(n.read_at, ${ctx.now().toISOString()}::timestamptz)
      where n.id = ${id}::uuid and ${visibleTo(userId)} returning n.id`),
  );
  if (updated.length === 0) throw notFound("Notification not found");
  return unreadCount(ctx, userId);
}

/** Marks all of the person's notifications read. */
export async function markAllRead(ctx: AppContext, userId: string): Promise<number> {
  await ctx.db.execute(sql`update notifications set read_at = ${ctx.now().toISOString()}::timestamptz where user_id = ${userId}::uuid and read_at is null`);
  return unreadCount(ctx, userId);
}

/** Opening a thread reads its notifications: the person's entries for it are marked read. */
export async function markThreadRead(ctx: AppContext, userId: string, threadId: string): Promise<number> {
  if (!isDocumentId(threadId)) throw notFound("Notification not found");
  const [row] = rowsOf<{ n: number | string }>(
    await ctx.db.execute(sql`with marked as (update notifications set read_at = coalesce(read_at, ${ctx.now().toISOString()}::timestamptz)
      where user_id = ${userId}::uuid and thread_id = ${threadId}::uuid returning id) select count(*) as n from marked`),
  );
  // No notification of theirs on that thread: as for a missing one.
  if (Number(row?.n ?? 0) === 0) throw notFound("Notification not found");
  return unreadCount(ctx, userId);
}
