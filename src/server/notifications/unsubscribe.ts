// One-click unsubscribe from comment emails (RFC 8058), without signing in. Each email carries
// a link whose token is an HMAC over the person's id and the generation of their unsubscribe
// links (notification_mail.unsubscribe_generation); the key is derived from the server's
// signing secret with its own label, so the token passes for nothing else. Using it turns
// comment emails off and moves the generation in one statement, which spends every link sent
// before: a token works once, and only for the person it was made for.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { loadSigningSecret } from "../auth/index.js";
import type { AppContext } from "../context.js";
import { isDocumentId } from "../documents/index.js";
import { rowsOf } from "./sql-rows.js";

const keys = new WeakMap<AppContext, Promise<Buffer>>();

function unsubscribeKey(ctx: AppContext): Promise<Buffer> {
  let key = keys.get(ctx);
  if (!key) {
    key = loadSigningSecret(ctx.db, ctx.config.JWT_SECRET).then((secret) => crypto.createHmac("sha256", secret).update("draftsmith unsubscribe v1").digest());
    keys.set(ctx, key);
  }
  return key;
}

const mac = (key: Buffer, body: string) => crypto.createHmac("sha256", key).update(body).digest("base64url");

export async function unsubscribeToken(ctx: AppContext, userId: string, generation: number): Promise<string> {
  const body = `${userId}.${generation}`;
  return `${body}.${mac(await unsubscribeKey(ctx), body)}`;
}

export const unsubscribeUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/notifications/unsubscribe/${encodeURIComponent(token)}`;

/** The person and generation a token names, when its signature is right; null otherwise. */
export async function readUnsubscribeToken(ctx: AppContext, token: string): Promise<{ userId: string; generation: number } | null> {
  const [userId, gen, signature, ...rest] = token.split(".");
  if (!userId || !gen || !signature || rest.length > 0 || !isDocumentId(userId) || !/^\d{1,9}$/.test(gen)) return null;
  const expected = Buffer.from(mac(await unsubscribeKey(ctx), `${userId}.${gen}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { userId, generation: Number(gen) };
}

/** Whether the token is still unspent (for the confirm page). */
export async function unsubscribeTokenLive(ctx: AppContext, claims: { userId: string; generation: number }): Promise<boolean> {
  const [row] = rowsOf<{ g: number }>(
    await ctx.db.execute(sql`select coalesce((select unsubscribe_generation from notification_mail where user_id = ${claims.userId}::uuid), 0) as g
      where exists (select 1 from users where id = ${claims.userId}::uuid)`),
  );
  return row !== undefined && Number(row.g) === claims.generation;
}

/**
 * Spends the token: moves the generation only when it is still the token's (one conditional
 * upsert, so two clicks at once spend it once), turns comment emails off and skips the emails
 * still waiting. False when the token was spent already or its person is gone.
 */
export async function unsubscribe(ctx: AppContext, claims: { userId: string; generation: number }): Promise<boolean> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const moved = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        insert into notification_mail (user_id, unsubscribe_generation)
        select ${claims.userId}::uuid, 1 where exists (select 1 from users where id = ${claims.userId}::uuid)
          and (${claims.generation}::int = 0 or exists (select 1 from notification_mail where user_id = ${claims.userId}::uuid))
        on conflict (user_id) do update set unsubscribe_generation = notification_mail.unsubscribe_generation + 1
          where notification_mail.unsubscribe_generation = ${claims.generation}::int
        returning user_id`),
    );
    if (moved.length === 0) return false;
    await tx.execute(sql`
      insert into preferences (user_id, notifications, updated_at) values (${claims.userId}::uuid, '{"comments": false}'::jsonb, ${now}::timestamptz)
      on conflict (user_id) do update set notifications = preferences.notifications || excluded.notifications, updated_at = excluded.updated_at`);
    await tx.execute(sql`update notifications set email_state = 'skipped' where user_id = ${claims.userId}::uuid and email_state = 'pending'`);
    return true;
  });
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Draftsmith</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:48px 24px;color:#1f2937;background:#fff}
main{max-width:460px;margin:auto} h1{font-size:22px} p{line-height:1.5}
button{font:inherit;background:#4f46e5;color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer}
a{color:#4f46e5}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}a{color:#a5b4fc}}
</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** GET: asks first (mail scanners follow links; only the POST unsubscribes). */
export const confirmPage = (action: string) =>
  page(
    "Stop comment emails?",
    `<p>You will no longer get emails about mentions and replies in comments. They still appear in your inbox in Draftsmith, and you can turn the emails back on in Settings → Notifications.</p>
<form method="post" action="${action.replace(/"/g, "&quot;")}"><button type="submit">Unsubscribe</button></form>`,
  );

export const donePage = (publicUrl: string) =>
  page("You are unsubscribed", `<p>You will get no more emails about comments. To turn them back on, open <a href="${publicUrl}/">Draftsmith</a> → Settings → Notifications.</p>`);

export const spentPage = (publicUrl: string) =>
  page(
    "This link was used already",
    `<p>This unsubscribe link has been used, or is not valid. You can change which emails you get in <a href="${publicUrl}/">Draftsmith</a> → Settings → Notifications.</p>`,
  );
