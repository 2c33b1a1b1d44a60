// Mentions and notifications through the API on a fresh database: a mention in a comment is
// an inbox entry and an email with the thread's link and RFC 8058 unsubscribe headers; a
// mention of someone who cannot open the document is refused; a reply tells the thread's
// participants but not its writer; comment emails off leaves the inbox entry only; a burst of
// mentions after an email becomes one email when the window has passed; the unsubscribe link
// works once and only for its person; one person never sees or marks another's entries.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ThreadView } from "../../shared/contracts/comments.js";
import { type MentionableResponse, NOTIFICATION_EMAIL_WINDOW_MINUTES, type NotificationListResponse } from "../../shared/contracts/notifications.js";
import { mentionToken } from "../../shared/mentions.js";
import { mailOutbox } from "../db/index.js";
import { createDocument, paragraphDoc, withAppAndOwner } from "../documents/documents.test-util.js";
import { afterResponseQueue } from "../mail/index.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestUser, request } from "../test/harness.js";
import { sendDueNotificationEmails } from "./index.js";

describe("mentions and notifications", () => {
  let t: TestApp;
  let owner: TestUser;
  withAppAndOwner({ owner: { plan: "professional", fullName: "Olivia Owner" } }, (s) => ({ t, owner } = s));

  let anchorSeq = 0;
  const anchor = () => `anchor-${Date.now().toString(36)}-${anchorSeq++}`;
  const startThread = (user: TestUser, id: string, body: string) =>
    request(t, "POST", `/api/documents/${id}/comments`, { user, payload: { anchor_id: anchor(), quote: "Chapter", body } });
  const reply = (user: TestUser, id: string, threadId: string, body: string) =>
    request(t, "POST", `/api/documents/${id}/comments/${threadId}/replies`, { user, payload: { body } });
  const inbox = async (user: TestUser) => {
    const res = await request(t, "GET", "/api/notifications", { user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NotificationListResponse;
  };
  /** The notification emails a person got (invitations left out), oldest first, once the sends after the answers are done. */
  const emailsTo = async (user: TestUser) => {
    await afterResponseQueue(t.ctx).drain();
    const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, user.email)).orderBy(asc(mailOutbox.createdAt));
    return rows.filter((r) => r.headers["List-Unsubscribe"]);
  };
  const at = (u: TestUser, name: string) => mentionToken(name, u.id);

  async function team() {
    const doc = await createDocument(t, owner, { title: "Novel", content: paragraphDoc("Chapter one") });
    const [editor, commenter, viewer, stranger] = await Promise.all([
      createTestUser(t, { fullName: "Eddie Editor" }),
      createTestUser(t, { fullName: "Cora Commenter" }),
      createTestUser(t, { fullName: "Vic Viewer" }),
      createTestUser(t, { fullName: "Stan Stranger" }),
    ]);
    await inviteAndAccept(t, owner, doc.id, editor, "editor");
    await inviteAndAccept(t, owner, doc.id, commenter, "commenter");
    await inviteAndAccept(t, owner, doc.id, viewer, "viewer");
    return { doc, editor, commenter, viewer, stranger };
  }

  it("lists the people who can open the document for the @ picker; the owner may invite, a stranger gets 404", async () => {
    const { doc, editor, stranger } = await team();
    const asOwner = (await request(t, "GET", `/api/documents/${doc.id}/mentionable`, { user: owner })).json() as MentionableResponse;
    expect(asOwner.can_invite).toBe(true);
    expect(asOwner.people.map((p) => p.name)).toEqual(["Cora Commenter", "Eddie Editor", "Olivia Owner", "Vic Viewer"]);
    expect(asOwner.people.find((p) => p.id === editor.id)?.email).toBe(editor.email);
    const asEditor = (await request(t, "GET", `/api/documents/${doc.id}/mentionable`, { user: editor })).json() as MentionableResponse;
    expect(asEditor.can_invite).toBe(false);
    expect(asEditor.people.every((p) => p.email === null)).toBe(true);
    expect((await request(t, "GET", `/api/documents/${doc.id}/mentionable`, { user: stranger })).statusCode).toBe(404);
  });

  it("a mention is an inbox entry and an email with the thread's link and one-click unsubscribe headers", async () => {
    const { doc, editor } = await team();
    const created = await startThread(owner, doc.id, `${at(editor, "Eddie Editor")} can you check the dates?`);
    expect(created.statusCode, created.body).toBe(201);
    const thread = created.json() as ThreadView;

    const mine = await inbox(editor);
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toEqual([
      expect.objectContaining({ kind: "mention", document_title: "Novel", thread_id: thread.id, actor_name: "Olivia Owner", excerpt: "@Eddie Editor can you check the dates?", read: false, path: `/editor/${doc.id}?thread=${thread.id}` }),
    ]);
    // The writer is not told about their own comment.
    expect((await inbox(owner)).unread).toBe(0);

    const [mail, ...more] = await emailsTo(editor);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Olivia Owner mentioned you in “Novel”");
    const threadUrl = `${t.config.publicUrl}/editor/${doc.id}?thread=${thread.id}`;
    expect(mail!.textBody).toContain(threadUrl);
    expect(mail!.textBody).toContain("@Eddie Editor can you check the dates?");
    const unsubscribeUrl = /^<(.+)>$/.exec(mail!.headers["List-Unsubscribe"]!)![1]!;
    expect(unsubscribeUrl.startsWith(`${t.config.publicUrl}/api/notifications/unsubscribe/`)).toBe(true);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Reading it: one entry, or every entry of the thread when the thread is opened.
    const id = mine.notifications[0]!.id;
    expect((await request(t, "POST", `/api/notifications/${id}/read`, { user: editor })).json()).toEqual({ unread: 0 });
    expect((await inbox(editor)).notifications[0]!.read).toBe(true);
    expect((await reply(owner, doc.id, thread.id, "Thanks!")).statusCode).toBe(201);
    expect((await inbox(editor)).unread).toBe(1);
    expect((await request(t, "POST", `/api/notifications/threads/${thread.id}/read`, { user: editor })).json()).toEqual({ unread: 0 });
  });

  it("refuses a mention of someone who cannot open the document (422) and writes nothing", async () => {
    const { doc, stranger, editor } = await team();
    const refused = await startThread(owner, doc.id, `${at(stranger, "Stan")} look`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ error: "validation_failed", field: "body" });
    const threads = (await request(t, "GET", `/api/documents/${doc.id}/comments`, { user: owner })).json() as { threads: unknown[] };
    expect(threads.threads).toEqual([]);
    // A made-up id is no one either; and a stranger cannot use the route to probe the document.
    const made = await startThread(owner, doc.id, `${mentionToken("Ghost", "00000000-0000-4000-8000-000000000000")} hi`);
    expect(made.statusCode).toBe(422);
    expect((await startThread(stranger, doc.id, `${at(editor, "Eddie")} hi`)).statusCode).toBe(404);
    expect((await inbox(stranger)).notifications).toEqual([]);
    expect((await inbox(editor)).notifications).toEqual([]);
  });

  it("a reply tells the thread's participants and whoever it mentions, never its writer", async () => {
    const { doc, editor, commenter, viewer } = await team();
    const thread = (await startThread(owner, doc.id, "Is the ending right?")).json() as ThreadView;
    expect((await reply(commenter, doc.id, thread.id, "I think so.")).statusCode).toBe(201);
    // The owner started the thread: told of the commenter's reply.
    expect((await inbox(owner)).notifications.map((n) => [n.kind, n.actor_name])).toEqual([["reply", "Cora Commenter"]]);

    expect((await reply(editor, doc.id, thread.id, `Agreed, ${at(viewer, "Vic Viewer")} what do you say?`)).statusCode).toBe(201);
    expect((await inbox(owner)).notifications.map((n) => [n.kind, n.actor_name])).toEqual([
      ["reply", "Eddie Editor"],
      ["reply", "Cora Commenter"],
    ]);
    expect((await inbox(commenter)).notifications.map((n) => [n.kind, n.actor_name])).toEqual([["reply", "Eddie Editor"]]);
    expect((await inbox(viewer)).notifications.map((n) => [n.kind, n.actor_name])).toEqual([["mention", "Eddie Editor"]]);
    // The replier hears nothing of their own reply.
    expect((await inbox(editor)).notifications).toEqual([]);
  });

  it("with comment emails off, a mention is in the inbox but sends no email", async () => {
    const { doc, editor } = await team();
    const off = await request(t, "PUT", "/api/settings/notifications", { user: editor, payload: { comments: false } });
    expect(off.json()).toMatchObject({ comments: false });
    expect((await startThread(owner, doc.id, `${at(editor, "Eddie")} quiet please`)).statusCode).toBe(201);
    expect((await inbox(editor)).unread).toBe(1);
    expect(await emailsTo(editor)).toEqual([]);
    t.clock.advance(NOTIFICATION_EMAIL_WINDOW_MINUTES * 60_000 + 1000);
    await sendDueNotificationEmails(t.ctx);
    expect(await emailsTo(editor)).toEqual([]);
  });

  it("batches: after an email, three mentions in a row wait and then go as one email", async () => {
    const { doc, commenter } = await team();
    expect((await startThread(owner, doc.id, `${at(commenter, "Cora")} first`)).statusCode).toBe(201);
    expect(await emailsTo(commenter)).toHaveLength(1);
    for (const word of ["second", "third", "fourth"]) {
      expect((await startThread(owner, doc.id, `${at(commenter, "Cora")} ${word}`)).statusCode).toBe(201);
    }
    expect(await emailsTo(commenter)).toHaveLength(1);
    // Inside the window nothing more goes, however often the upkeep runs.
    t.clock.advance((NOTIFICATION_EMAIL_WINDOW_MINUTES - 1) * 60_000);
    await sendDueNotificationEmails(t.ctx);
    expect(await emailsTo(commenter)).toHaveLength(1);
    t.clock.advance(60_000 + 1000);
    await Promise.all([sendDueNotificationEmails(t.ctx), sendDueNotificationEmails(t.ctx)]);
    const mails = await emailsTo(commenter);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("3 new comments for you on Draftsmith");
    for (const word of ["second", "third", "fourth"]) expect(mails[1]!.textBody).toContain(`@Cora ${word}`);
    expect((await inbox(commenter)).unread).toBe(4);
  });

  it("the unsubscribe link asks on GET, works once on POST without sign-in, and only for its person", async () => {
    const { doc, editor, commenter } = await team();
    await startThread(owner, doc.id, `${at(editor, "Eddie")} and ${at(commenter, "Cora")} look`);
    const [mail] = await emailsTo(editor);
    const url = new URL(/^<(.+)>$/.exec(mail!.headers["List-Unsubscribe"]!)![1]!);
    const path = url.pathname;

    const asked = await request(t, "GET", path, { headers: { accept: "text/html" } });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('method="post"');
    // Asking changes nothing.
    expect((await request(t, "GET", "/api/settings/notifications", { user: editor })).json()).toMatchObject({ comments: true });

    // The token for another person (the editor's signature on the commenter's id) is refused.
    const token = decodeURIComponent(path.split("/").pop()!);
    const forged = [commenter.id, ...token.split(".").slice(1)].join(".");
    expect((await request(t, "POST", `/api/notifications/unsubscribe/${encodeURIComponent(forged)}`)).statusCode).toBe(404);
    expect((await request(t, "GET", "/api/settings/notifications", { user: commenter })).json()).toMatchObject({ comments: true });

    // RFC 8058: a form POST with List-Unsubscribe=One-Click, no cookies, no token.
    const oneClick = await t.app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await request(t, "GET", "/api/settings/notifications", { user: editor })).json()).toMatchObject({ comments: false });
    const again = await t.app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(again.statusCode).toBe(410);
    const spent = await request(t, "GET", path, { headers: { accept: "text/html" } });
    expect([spent.statusCode, spent.headers["content-type"]]).toEqual([410, "text/html; charset=utf-8"]);
    expect(spent.body).toContain("This link was used already");
  });

  it("one person's notifications are invisible to another: reading or marking them is a 404", async () => {
    const { doc, editor, commenter } = await team();
    await startThread(owner, doc.id, `${at(editor, "Eddie")} yours`);
    const [entry] = (await inbox(editor)).notifications;
    expect((await inbox(commenter)).notifications).toEqual([]);
    expect((await request(t, "POST", `/api/notifications/${entry!.id}/read`, { user: commenter })).statusCode).toBe(404);
    expect((await request(t, "POST", "/api/notifications/not-an-id/read", { user: commenter })).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/notifications/threads/${entry!.thread_id}/read`, { user: commenter })).statusCode).toBe(404);
    expect((await request(t, "POST", "/api/notifications/read-all", { user: commenter })).json()).toEqual({ unread: 0 });
    expect((await inbox(editor)).unread).toBe(1);
    expect((await request(t, "GET", "/api/notifications", { user: null })).statusCode).toBe(401);
    // Removed from the document: the entry goes from the inbox with the access.
    const members = (await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as { members: { id: string; email: string }[] };
    const member = members.members.find((m) => m.email === editor.email)!;
    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${member.id}`, { user: owner })).statusCode).toBeLessThan(300);
    expect(await inbox(editor)).toEqual({ notifications: [], unread: 0 });
  });
});
