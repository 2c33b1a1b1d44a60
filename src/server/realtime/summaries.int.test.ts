// What a dashboard's subscription receives: with `summary`, each UPDATE is the list entry
// (title, version, dates, word count, excerpt) and never the content; a member removed from
// the document stops receiving them at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DocumentSummary, documentChannel } from "../../shared/contracts/documents.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestSocket, authenticate, openRealtime } from "./ws-client.test-util.js";

describe("/realtime summaries", () => {
  let t: TestApp;
  let owner: TestUser;
  const sockets: TestSocket[] = [];

  const listFollowing = async (user: TestUser, documentId: string) => {
    const s = await authenticate(await openRealtime(t, sockets), user.token);
    const channel = documentChannel(documentId);
    s.send({ type: "subscribe", channel, summary: true });
    expect(await s.next((m) => m.type === "status" && m.channel === channel)).toMatchObject({ status: "SUBSCRIBED" });
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });

  it("a list's subscription gets the summary of each change, without the content", async () => {
    const doc = await createDocument(t, owner);
    const s = await listFollowing(owner, doc.id);
    const long = `Opening line ${"word ".repeat(5000)}`;
    await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title: "Saga", content: paragraphDoc(long), version: doc.version } });
    const msg = await s.next((m) => m.type === "UPDATE");
    const record = (msg as { record: DocumentSummary }).record;
    expect(record).toMatchObject({ id: doc.id, title: "Saga", word_count: 5002 });
    expect(record.excerpt.startsWith("Opening line word")).toBe(true);
    expect(record).not.toHaveProperty("content");
    expect(JSON.stringify(msg).length).toBeLessThan(1000);
  });

  it("a member removed from the document stops following it at once", async () => {
    const doc = await createDocument(t, owner);
    const member = await createTestUser(t);
    const invited = await inviteAndAccept(t, owner, doc.id, member, "viewer");
    const s = await listFollowing(member, doc.id);
    await request(t, "DELETE", `/api/documents/${doc.id}/members/${invited.id}`, { user: owner });
    const channel = documentChannel(doc.id);
    expect(await s.next((m) => m.type === "status" && m.channel === channel && m.status === "CHANNEL_ERROR")).toMatchObject({
      message: "Access to this document has ended",
    });
    await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title: "After removal", version: doc.version } });
    s.send({ type: "ping" });
    await s.next((m) => m.type === "pong");
    expect(s.messages.filter((m) => m.type === "UPDATE")).toEqual([]);
  });
});
