// Reads the built-in mail outbox for /dev/mailbox.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/index.js";
import { mailOutbox } from "../db/index.js";

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: { label: string; url: string }[];
  /** Extra headers the message carries (List-Unsubscribe…). */
  headers: Record<string, string>;
  created_at: string;
}

export async function listMailbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<MailboxEntry[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const base = db.select().from(mailOutbox);
  const filtered = opts.to ? base.where(eq(sql`lower(${mailOutbox.toEmail})`, opts.to.trim().toLowerCase())) : base;
  const rows = await filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.toEmail,
    subject: r.subject,
    text: r.textBody,
    links: (r.links as MailboxEntry["links"]) ?? [],
    headers: r.headers ?? {},
    created_at: r.createdAt.toISOString(),
  }));
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Server-rendered page: no scripts, so the app's strict CSP applies unchanged. */
export function renderMailbox(entries: MailboxEntry[], to: string | undefined): string {
  const items = entries.length
    ? entries
        .map(
          (m) => `<li class="msg">
  <div class="meta"><span class="to">${esc(m.to)}</span> · <time>${esc(m.created_at)}</time></div>
  <h2>${esc(m.subject)}</h2>
  <ul class="links">${m.links.map((l) => `<li><a href="${esc(l.url)}">${esc(l.label)}</a></li>`).join("")}</ul>
  <details><summary>Message</summary><pre>${Object.entries(m.headers).map(([k, v]) => `${esc(k)}: ${esc(v)}\n`).join("")}${esc(m.text)}</pre></details>
</li>`,
        )
        .join("\n")
    : `<li class="empty">No messages${to ? ` for ${esc(to)}` : ""} yet.</li>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Draftsmith (development)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;max-width:820px;margin:auto;color:#1f2937;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}a{color:#93c5fd}}
h1{font-size:22px} .msg{border:1px solid #d1d5db;border-radius:8px;padding:12px 16px;margin:12px 0;list-style:none}
.msg h2{font-size:16px;margin:6px 0} .meta{font-size:13px;opacity:.75} ul{padding:0} .links li{list-style:none;margin:4px 0}
pre{white-space:pre-wrap;font-size:13px} form{margin:12px 0}
</style></head><body>
<h1>Development mailbox</h1>
<p>Emails the app would have sent. Shown only outside production. Newest first.</p>
<form method="get" action="/dev/mailbox"><label>Recipient <input name="to" type="email" value="${esc(to ?? "")}"></label> <button>Filter</button></form>
<ul>${items}</ul>
</body></html>`;
}
