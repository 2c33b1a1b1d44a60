// Two server processes on one PostgreSQL database: an update written through A reaches a
// WebSocket subscriber connected to B (LISTEN/NOTIFY), and so does a mention to the mentioned
// person's socket on B. Runs only on PostgreSQL.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DocumentRecord, REALTIME_CLOSE, documentChannel } from "../../shared/contracts/documents.js";
import { buildApp } from "../app.js";
import { type Database, openDatabase } from "../db/providers/index.js";
import { mentionToken } from "../../shared/mentions.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request, usingPostgres } from "../test/harness.js";
import { type TestSocket, authenticate, openRealtimeOverTcp } from "./ws-client.test-util.js";


type WireEvent = { c: string; w: { id: string; version: number; writer: string | null } };

/** The events in one notification: one envelope { o, c, w }, or several published together { o, b: [{ c, w }, …] }. */
const eventsIn = (payload: string): WireEvent[] => {
  const env = JSON.parse(payload) as WireEvent | { b: WireEvent[] };
  return "b" in env ? env.b : [env];
};

describe.runIf(usingPostgres())("realtime across two processes on PostgreSQL", () => {
  let a: TestApp;
  let bApp: Awaited<ReturnType<typeof buildApp>>["app"];
  let bDb: Database;
  let user: TestUser;
  let bUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    expect(a.ctx.realtime.kind).toBe("postgres");
    await a.app.listen({ port: 0, host: "127.0.0.1" });
    bDb = await openDatabase({ databaseUrl: a.config.DATABASE_URL, dataDir: "memory://", poolSize: 3 });
    ({ app: bApp } = await buildApp({ config: a.config, database: bDb, now: () => a.clock.now, logger: false, clientDir: "/nonexistent" }));
    await bApp.listen({ port: 0, host: "127.0.0.1" });
    bUrl = `ws://127.0.0.1:${(bApp.server.address() as AddressInfo).port}/realtime`;
    user = await createTestUser(a, { plan: "professional" });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await bApp?.close();
    await bDb?.close();
    await a?.close();
  });

  const connectB = async (accessToken: string | null = user.token) =>
    authenticate(await openRealtimeOverTcp(bUrl, sockets, a.config.publicOrigin), accessToken);

  it("delivers an update made through A to a subscriber of B, with the full record and the writer", async () => {
    const doc = await createDocument(a, user);
    const s = await connectB();
    s.send({ type: "subscribe", channel: documentChannel(doc.id) });
    await s.next((m) => m.type === "status" && m.status === "SUBSCRIBED");
    // A large document (well over NOTIFY's 8000-byte limit) travels by reference.
    const big = paragraphDoc("word ".repeat(20_000));
    const res = await a.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: user.headers, payload: { content: big, version: 1 } });
    expect(res.statusCode).toBe(200);
    const msg = await s.next((m) => m.type === "UPDATE");
    expect(msg).toEqual({ type: "UPDATE", channel: documentChannel(doc.id), record: { ...(res.json() as DocumentRecord), user_id: user.id } });
  });

  it("an autosave tells the other instances once; a refused one does not", async () => {
    const doc = await createDocument(a, user);
    const heard: WireEvent[] = [];
    const stop = await bDb.listen("draftsmith_realtime", (payload) => heard.push(...eventsIn(payload)));
    try {
      const save = (version: number) =>
        a.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: user.headers, payload: { content: paragraphDoc(`v${version}`), version } });
      expect((await save(1)).statusCode).toBe(200);
      expect((await save(1)).statusCode).toBe(409);
      // A title change after them, so that there is a notice to wait for (a save's notice is
      // sent after its answer, so the two may arrive in either order).
      const title = await a.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: user.headers, payload: { title: "After", version: 2 } });
      expect(title.statusCode).toBe(200);
      const ofDoc = () => heard.filter((n) => n.c === documentChannel(doc.id)).map((n) => n.w);
      await expect.poll(() => ofDoc().length).toBeGreaterThanOrEqual(2);
      expect(ofDoc().sort((x, y) => x.version - y.version)).toEqual([
        { id: doc.id, version: 2, writer: user.id },
        { id: doc.id, version: 3, writer: user.id },
      ]);
    } finally {
      await stop();
    }
  });

  it("events published while a notification is on its way go out together in the next one, in order, and reach B", async () => {
    const docs = await Promise.all([1, 2, 3, 4, 5].map(() => createDocument(a, user)));
    const s = await connectB();
    for (const d of docs) {
      s.send({ type: "subscribe", channel: documentChannel(d.id) });
      await s.next((m) => m.type === "status" && m.status === "SUBSCRIBED" && m.channel === documentChannel(d.id));
    }
    const channels = new Set(docs.map((d) => documentChannel(d.id)));
    const payloads: string[] = [];
    const stop = await bDb.listen("draftsmith_realtime", (payload) => {
      if (eventsIn(payload).some((e) => channels.has(e.c))) payloads.push(payload);
    });
    try {
      // Published in one turn: the first goes out at once, the other four wait for it and go together.
      await Promise.all(docs.map((d) => a.ctx.realtime.publish({ channel: documentChannel(d.id), record: { ...d, user_id: user.id } })));
      const updates = new Set<string>();
      for (let i = 0; i < docs.length; i++) {
        const m = await s.next((m) => m.type === "UPDATE" && !updates.has(m.channel));
        if (m.type === "UPDATE") updates.add(m.channel);
      }
      expect(updates).toEqual(channels);
      await expect.poll(() => payloads.flatMap(eventsIn).length).toBe(docs.length);
      expect(payloads.flatMap(eventsIn).map((e) => e.c)).toEqual(docs.map((d) => documentChannel(d.id)));
      expect(payloads.map((p) => eventsIn(p).length)).toEqual([1, 4]);
    } finally {
      await stop();
    }
  });

  it("delivers each of several quick updates' latest state through B", async () => {
    const doc = await createDocument(a, user);
    const s = await connectB();
    s.send({ type: "subscribe", channel: documentChannel(doc.id) });
    await s.next((m) => m.type === "status" && m.status === "SUBSCRIBED");
    let version = 1;
    for (let i = 0; i < 5; i++) {
      const res = await a.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: user.headers, payload: { title: `T${i}`, version } });
      version = (res.json() as DocumentRecord).version;
    }
    const last = await s.next((m) => m.type === "UPDATE" && m.record.version === version);
    expect(last).toMatchObject({ record: { title: "T4", user_id: user.id } });
  });

  it("a mention written through A reaches the mentioned person's socket on B, and nobody else's", async () => {
    const doc = await createDocument(a, user, { content: paragraphDoc("Chapter one") });
    const [mentioned, bystander] = await Promise.all([createTestUser(a, { fullName: "Mo Member" }), createTestUser(a)]);
    await inviteAndAccept(a, user, doc.id, mentioned, "commenter");
    await inviteAndAccept(a, user, doc.id, bystander, "commenter");
    const theirs = await connectB(mentioned.token);
    const other = await connectB(bystander.token);
    const res = await request(a, "POST", `/api/documents/${doc.id}/comments`, {
      user,
      payload: { anchor_id: "anchor-two-process", quote: "Chapter", body: `${mentionToken("Mo Member", mentioned.id)} look` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await theirs.next((m) => m.type === "INBOX")).toEqual({ type: "INBOX" });
    // The NOTIFY has reached B; the bystander's socket, answering a ping after it, got nothing of it.
    other.send({ type: "ping" });
    await other.next((m) => m.type === "pong");
    expect(other.messages.filter((m) => m.type === "INBOX")).toEqual([]);
  });

  it("a link turned off through A closes B's visitors, and a sign-out through A closes the session's socket on B, at once", async () => {
    const other = await createTestUser(a, { plan: "professional" });
    const doc = await createDocument(a, other);
    const owner = await connectB(other.token);
    owner.send({ type: "subscribe", channel: documentChannel(doc.id) });
    await owner.next((m) => m.type === "status" && m.status === "SUBSCRIBED");

    await a.app.inject({ method: "PUT", url: `/api/documents/${doc.id}/share`, headers: other.headers, payload: { isPublic: true } });
    const token = (await a.app.inject({ method: "GET", url: `/api/shared/${doc.id}` })).headers["x-share-token"] as string;
    const visitor = await connectB(null);
    visitor.send({ type: "subscribe", channel: documentChannel(doc.id), share_token: token });
    await visitor.next((m) => m.type === "status" && m.status === "SUBSCRIBED");

    const off = await a.app.inject({ method: "PUT", url: `/api/documents/${doc.id}/share`, headers: other.headers, payload: { isPublic: false } });
    expect(off.statusCode).toBe(200);
    expect(await visitor.closed).toMatchObject({ code: REALTIME_CLOSE.shareEnded });

    const out = await a.app.inject({ method: "POST", url: "/auth/v1/logout?scope=local", headers: other.headers });
    expect(out.statusCode).toBe(204);
    expect(await owner.closed).toMatchObject({ code: REALTIME_CLOSE.sessionEnded });
  });
});
