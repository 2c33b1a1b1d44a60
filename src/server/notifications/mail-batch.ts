// Sending the notification emails, batched per person: when a notification is written its
// person's email goes at once if they had none in the last NOTIFICATION_EMAIL_WINDOW_MINUTES;
// otherwise it waits, and the upkeep (every minute, upkeep.ts) sends everything that waited
// as one email once the window has passed. So a burst of comments is at most two emails:
// the first at once, the rest gathered.
//
// Several instances: the window is claimed by one conditional upsert on the person's
// notification_mail row (only one instance's statement finds the window open: PostgreSQL
// re-checks the WHERE on the row it waited for), then the waiting rows are claimed by one
// UPDATE … RETURNING, so no row is ever in two emails. A failed send puts its rows back to
// wait for the next window.
import { sql } from "drizzle-orm";
import { NOTIFICATION_EMAIL_WINDOW_MINUTES, threadPath } from "../../shared/contracts/notifications.js";
import type { AppContext } from "../context.js";
import { type EmailItem, notificationEmail } from "./email.js";
import { rowsOf } from "./sql-rows.js";
import { unsubscribeToken, unsubscribeUrl } from "./unsubscribe.js";

const WINDOW_MS = NOTIFICATION_EMAIL_WINDOW_MINUTES * 60_000;
/** People served per upkeep run (the rest wait a minute). */
const PEOPLE_PER_RUN = 200;

interface ClaimedRow {
  id: string;
  seq: number | string;
  kind: "mention" | "reply";
  document_id: string;
  thread_id: string;
  actor_name: string;
  excerpt: string;
  title: string;
}

/** Sends the person's waiting notifications as one email if their window is open; whether an email went. */
export async function sendWaitingEmail(ctx: AppContext, userId: string): Promise<boolean> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  const [window] = rowsOf<{ unsubscribe_generation: number; email: string; comments_on: boolean }>(
    await ctx.db.execute(sql`
      insert into notification_mail (user_id, last_sent_at)
      select ${userId}::uuid, ${now.toISOString()}::timestamptz
      where exists (select 1 from notifications where user_id = ${userId}::uuid and email_state = 'pending')
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
        where notification_mail.last_sent_at is null or notification_mail.last_sent_at <= ${cutoff}::timestamptz
      returning unsubscribe_generation,
        (select email from users where id = ${userId}::uuid) as email,
        coalesce((select (notifications ->> 'comments')::boolean from preferences where user_id = ${userId}::uuid), true) as comments_on`),
  );
  if (!window) return false;
  if (!window.comments_on || !window.email) {
    // Turned off since the notifications were written: they stay in the inbox only.
    await ctx.db.execute(sql`update notifications set email_state = 'skipped' where user_id = ${userId}::uuid and email_state = 'pending'`);
    return false;
  }
  const claimed = rowsOf<ClaimedRow>(
    await ctx.db.execute(sql`
      update notifications n set email_state = 'sent', emailed_at = ${now.toISOString()}::timestamptz
      from documents d
      where n.user_id = ${userId}::uuid and n.email_state = 'pending' and d.id = n.document_id
      returning n.id, n.seq, n.kind, n.document_id, n.thread_id, n.actor_name, n.excerpt, d.title`),
  );
  if (claimed.length === 0) return false;
  claimed.sort((a, b) => Number(a.seq) - Number(b.seq));
  const items: EmailItem[] = claimed.map((r) => ({
    kind: r.kind,
    actorName: r.actor_name,
    documentTitle: r.title || "Untitled",
    excerpt: r.excerpt,
    url: `${ctx.config.publicUrl}${threadPath(r.document_id, r.thread_id)}`,
  }));
  const unsubscribe = unsubscribeUrl(ctx, await unsubscribeToken(ctx, userId, Number(window.unsubscribe_generation)));
  try {
    await ctx.mailer.send(notificationEmail(window.email, userId, items, unsubscribe));
  } catch (err) {
    const ids = sql.join(claimed.map((r) => sql`${r.id}::uuid`), sql`, `);
    await ctx.db.execute(sql`update notifications set email_state = 'pending', emailed_at = null where id in (${ids})`);
    throw err;
  }
  return true;
}

/** The upkeep's step: every person with notifications waiting whose window has passed gets their email. */
export async function sendDueNotificationEmails(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - WINDOW_MS).toISOString();
  const due = rowsOf<{ user_id: string }>(
    await ctx.db.execute(sql`
      select distinct n.user_id from notifications n left join notification_mail w on w.user_id = n.user_id
      where n.email_state = 'pending' and (w.last_sent_at is null or w.last_sent_at <= ${cutoff}::timestamptz)
      limit ${PEOPLE_PER_RUN}`),
  );
  let sent = 0;
  for (const { user_id } of due) {
    try {
      if (await sendWaitingEmail(ctx, user_id)) sent++;
    } catch (err) {
      console.error("notifications: an email could not be sent", err);
    }
  }
  return sent;
}
