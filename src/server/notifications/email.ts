// The notification email: one message for everything that waited for a person (a mention, a
// reply, or several gathered over the batching window), each with a link to its thread, and
// the unsubscribe link in the text and in the RFC 8058 headers (List-Unsubscribe with the
// one-click POST URL, List-Unsubscribe-Post), so mail clients show their own button.
import type { MailMessage } from "../mail/providers/types.js";

export interface EmailItem {
  kind: "mention" | "reply";
  actorName: string;
  documentTitle: string;
  excerpt: string;
  /** Absolute URL of the thread. */
  url: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const headline = (i: EmailItem) =>
  i.kind === "mention" ? `${i.actorName || "Someone"} mentioned you in “${i.documentTitle}”` : `${i.actorName || "Someone"} replied in “${i.documentTitle}”`;

export function notificationEmail(to: string, userId: string, items: EmailItem[], unsubscribeUrl: string): MailMessage {
  const subject = items.length === 1 ? headline(items[0]!) : `${items.length} new comments for you on Draftsmith`;
  const text = [
    items.length === 1 ? "" : `${items.length} new comments for you:`,
    ...items.flatMap((i) => [headline(i), `  “${i.excerpt}”`, `  Open the thread: ${i.url}`, ""]),
    "You get these emails because someone mentioned you or replied in a comment thread you took part in.",
    `Stop these emails: ${unsubscribeUrl}`,
    "",
    "— The Draftsmith team",
  ]
    .filter((line, n) => n > 0 || line)
    .join("\n");
  const list = items
    .map(
      (i) => `<li style="margin:0 0 20px;list-style:none"><p style="margin:0 0 6px;font-weight:600">${esc(headline(i))}</p>
<blockquote style="margin:0 0 8px;padding-left:10px;border-left:3px solid #f59e0b;color:#374151">${esc(i.excerpt)}</blockquote>
<a href="${esc(i.url)}" style="color:#4f46e5">Open the thread</a></li>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;line-height:1.5;color:#1f2937">
<div style="max-width:520px;margin:0 auto;padding:24px"><ul style="padding:0;margin:0">${list}</ul>
<p style="font-size:13px;color:#6b7280">You get these emails because someone mentioned you or replied in a comment thread you took part in.
<a href="${esc(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> — or change it in Settings → Notifications.</p>
<p style="font-size:13px;color:#6b7280">— The Draftsmith team</p></div></body></html>`;
  return {
    to,
    userId,
    subject,
    text,
    html,
    links: [...items.map((i) => ({ label: "Open the thread", url: i.url })), { label: "Unsubscribe", url: unsubscribeUrl }],
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
