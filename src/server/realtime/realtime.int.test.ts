import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DocumentRecord, REALTIME_CLOSE, documentChannel } from "../../shared/contracts/documents.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { type TestSocket, authenticate, openRealtime, subscribe } from "./ws-client.test-util.js";

describe("/realtime", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: TestSocket[] = [];

  const connect = (origin?: string | null) => openRealtime(t, sockets, origin);
  const signedIn = async (user: TestUser) => authenticate(await connect(), user.token);
  const patch = (user: TestUser, id: string, body: object) => request(t, "PATCH", `/api/documents/${id}`, { user, payload: body });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t, { plan: "professional" });
    bob = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });

  it("refuses a socket from another origin before the upgrade", async () => {
    await expect(t.app.injectWS("/realtime", { headers: { origin: "https://evil.example" } })).rejects.toThrow(/403/);
  });

  it("answers ready for a valid token and closes the socket for a forged one", async () => {
    const ok = await connect();
    ok.send({ type: "auth", access_token: alice.token });
    expect(await ok.next((m) => m.type === "ready")).toEqual({ type: "ready", user_id: alice.id });
    const bad = await connect(null);
    bad.send({ type: "auth", access_token: `${alice.token.slice(0, -4)}AAAA` });
    expect((await bad.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it("closes a socket that subscribes before authenticating", async () => {
    const s = await connect();
    s.send({ type: "subscribe", channel: "document:00000000-0000-4000-8000-000000000000" });
    expect((await s.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it("subscribes the owner; refuses another user's, a missing or a malformed channel with CHANNEL_ERROR", async () => {
    const doc = await createDocument(t, alice);
    const a = await signedIn(alice);
    expect(await subscribe(a, doc.id)).toMatchObject({ status: "SUBSCRIBED" });
    const b = await signedIn(bob);
    expect(await subscribe(b, doc.id)).toMatchObject({ status: "CHANNEL_ERROR" });
    expect(await subscribe(b, "00000000-0000-4000-8000-000000000000")).toMatchObject({ status: "CHANNEL_ERROR" });
    const anon = await connect();
    anon.send({ type: "auth", access_token: null });
    await anon.next((m) => m.type === "ready");
    expect(await subscribe(anon, doc.id, "not-a-real-token")).toMatchObject({ status: "CHANNEL_ERROR" });
    b.send({ type: "subscribe", channel: "users:all" });
    expect(await b.next((m) => m.type === "status" && m.channel === "users:all")).toMatchObject({ status: "CHANNEL_ERROR" });
    // Bob was refused, so Alice's edits never reach him.
    await patch(alice, doc.id, { title: "Secret plan", version: 1 });
    await a.next((m) => m.type === "UPDATE");
    expect(b.messages.filter((m) => m.type === "UPDATE")).toEqual([]);
  });

  it("pushes UPDATE with the presented document and the writer's user_id after a successful update", async () => {
    const doc = await createDocument(t, alice);
    const tab1 = await signedIn(alice);
    const tab2 = await signedIn(alice);
    await subscribe(tab1, doc.id);
    await subscribe(tab2, doc.id);
    const res = await patch(alice, doc.id, { title: "Live", content: paragraphDoc("Hello"), version: 1 });
    expect(res.statusCode).toBe(200);
    for (const s of [tab1, tab2]) {
      const msg = await s.next((m) => m.type === "UPDATE");
      expect(msg).toEqual({
        type: "UPDATE",
        channel: documentChannel(doc.id),
        record: { ...(res.json() as DocumentRecord), user_id: alice.id },
      });
    }
    // A rejected (stale) update publishes nothing.
    expect((await patch(alice, doc.id, { title: "Stale", version: 1 })).statusCode).toBe(409);
    await patch(alice, doc.id, { title: "Third", version: 2 });
    const updates = () => tab1.messages.filter((m) => m.type === "UPDATE").map((m) => (m.type === "UPDATE" ? m.record.title : ""));
    await tab1.next((m) => m.type === "UPDATE" && m.record.title === "Third");
    expect(updates()).toEqual(["Live", "Third"]);
  });

  it("stops sending after unsubscribe", async () => {
    const doc = await createDocument(t, alice);
    const s = await signedIn(alice);
    const probe = await signedIn(alice);
    await subscribe(s, doc.id);
    await subscribe(probe, doc.id);
    s.send({ type: "unsubscribe", channel: documentChannel(doc.id) });
    s.send({ type: "ping" });
    await s.next((m) => m.type === "pong");
    await patch(alice, doc.id, { title: "After", version: 1 });
    await probe.next((m) => m.type === "UPDATE");
    s.send({ type: "ping" });
    await new Promise<void>((resolve) => {
      const n = s.messages.filter((m) => m.type === "pong").length;
      void s.next((m) => m.type === "pong" && s.messages.filter((x) => x.type === "pong").length > n).then(() => resolve());
    });
    expect(s.messages.filter((m) => m.type === "UPDATE")).toEqual([]);
  });

  it("coalesces bursts: at most 10 events per second per channel, ending on the latest", async () => {
    const doc = await createDocument(t, alice);
    const s = await signedIn(alice);
    await subscribe(s, doc.id);
    const started = performance.now();
    let version = 1;
    for (let i = 0; i < 30; i++) {
      const res = await patch(alice, doc.id, { content: paragraphDoc(`edit ${i}`), version });
      version = (res.json() as DocumentRecord).version;
    }
    const last = await s.next((m) => m.type === "UPDATE" && m.record.version === version);
    const elapsed = performance.now() - started;
    const updates = s.messages.filter((m) => m.type === "UPDATE");
    expect(updates.at(-1)).toBe(last);
    expect(updates.length).toBeLessThan(30);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
    const versions = updates.map((m) => (m.type === "UPDATE" ? m.record.version : 0));
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it("closes the socket when its session is revoked (checked at the heartbeat)", async () => {
    // Covered with a short heartbeat in connection.test.ts; here: a revoked session cannot authenticate.
    const carol = await createTestUser(t);
    await t.database.sql.query("UPDATE sessions SET revoked_at = now() WHERE id = $1", [carol.sessionId]);
    const s = await connect();
    s.send({ type: "auth", access_token: carol.token });
    expect((await s.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });
});
