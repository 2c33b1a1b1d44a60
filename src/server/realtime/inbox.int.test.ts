// The inbox channel through real /realtime sockets: a signed-in socket hears INBOX when a
// comment mentions its person or replies in their thread, and when their notifications are
// marked read (on every tab of theirs); it hears nothing of anyone else's inbox, and asking
// to follow someone else's is refused. The message carries nothing but its type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThreadView } from "../../shared/contracts/comments.js";
import { mentionToken } from "../../shared/mentions.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { type TestSocket, authenticate, openRealtime } from "./ws-client.test-util.js";

describe("/realtime inbox", () => {
  let t: TestApp;
  let owner: TestUser;
  let bea: TestUser;
  let cal: TestUser;
  let documentId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { plan: "professional", fullName: "Ann Owner" });
    [bea, cal] = await Promise.all([createTestUser(t, { fullName: "Bea Commenter" }), createTestUser(t, { fullName: "Cal Commenter" })]);
    documentId = (await createDocument(t, owner, { title: "Novel", content: paragraphDoc("Chapter one") })).id;
    await inviteAndAccept(t, owner, documentId, bea, "commenter");
    await inviteAndAccept(t, owner, documentId, cal, "commenter");
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });

  let anchorSeq = 0;
  const startThread = async (user: TestUser, body: string) => {
    const res = await request(t, "POST", `/api/documents/${documentId}/comments`, {
      user,
      payload: { anchor_id: `anchor-${anchorSeq++}`, quote: "Chapter", body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ThreadView;
  };
  const mention = (u: TestUser, name: string) => mentionToken(name, u.id);
  const signedIn = async (user: TestUser) => authenticate(await openRealtime(t, sockets), user.token);
  /** Forgets what the socket received so far. */
  const fresh = (s: TestSocket) => {
    s.messages.length = 0;
    return s;
  };
  /** Everything the server sent this socket before now has arrived (messages keep their order). */
  const settled = async (s: TestSocket) => {
    s.send({ type: "ping" });
    await s.next((m) => m.type === "pong");
  };
  const inboxMessages = (s: TestSocket) => s.messages.filter((m) => m.type === "INBOX");

  it("a mention reaches the mentioned person's socket at once, as a bare INBOX, and nobody else's", async () => {
    const b = fresh(await signedIn(bea));
    const c = fresh(await signedIn(cal));
    const a = fresh(await signedIn(owner));

    await startThread(owner, `${mention(bea, "Bea Commenter")} could you check the dates?`);
    expect(await b.next((m) => m.type === "INBOX")).toEqual({ type: "INBOX" });
    await Promise.all([settled(c), settled(a)]);
    expect(inboxMessages(c)).toEqual([]);
    // The writer is not told of their own comment.
    expect(inboxMessages(a)).toEqual([]);

    fresh(b);
    fresh(c);
    await startThread(owner, `${mention(cal, "Cal Commenter")} and the names?`);
    await c.next((m) => m.type === "INBOX");
    await settled(b);
    expect(inboxMessages(b)).toEqual([]);
  });

  it("a reply tells the thread's starter", async () => {
    const thread = await startThread(owner, "Is this paragraph too long?");
    const a = fresh(await signedIn(owner));
    const reply = await request(t, "POST", `/api/documents/${documentId}/comments/${thread.id}/replies`, { user: bea, payload: { body: "A little." } });
    expect(reply.statusCode, reply.body).toBe(201);
    await a.next((m) => m.type === "INBOX");
  });

  it("marking read reaches every socket of the person, so another tab or device clears its count", async () => {
    await startThread(owner, `${mention(bea, "Bea Commenter")} one more thing`);
    const phone = fresh(await signedIn(bea));
    const laptop = fresh(await signedIn(bea));
    const c = fresh(await signedIn(cal));
    const res = await request(t, "POST", "/api/notifications/read-all", { user: bea });
    expect(res.json()).toEqual({ unread: 0 });
    await Promise.all([phone.next((m) => m.type === "INBOX"), laptop.next((m) => m.type === "INBOX")]);
    await settled(c);
    expect(inboxMessages(c)).toEqual([]);
  });

  it("nobody can follow another person's inbox", async () => {
    const c = fresh(await signedIn(cal));
    for (const channel of [`inbox:${bea.id}`, `inbox:${cal.id}`]) {
      c.send({ type: "subscribe", channel });
      expect(await c.next((m) => m.type === "status" && m.channel === channel)).toMatchObject({ status: "CHANNEL_ERROR" });
    }
    // A visitor who is not signed in follows no inbox either.
    const visitor = fresh(await authenticate(await openRealtime(t, sockets), null));
    visitor.send({ type: "subscribe", channel: `inbox:${bea.id}` });
    expect(await visitor.next((m) => m.type === "status")).toMatchObject({ status: "CHANNEL_ERROR" });

    const b = fresh(await signedIn(bea));
    await startThread(owner, `${mention(bea, "Bea Commenter")} the ending?`);
    await b.next((m) => m.type === "INBOX");
    await Promise.all([settled(c), settled(visitor)]);
    expect(inboxMessages(c)).toEqual([]);
    expect(inboxMessages(visitor)).toEqual([]);
  });
});
