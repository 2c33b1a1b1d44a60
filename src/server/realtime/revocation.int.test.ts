// Revocation ends open /realtime sockets at once: sign-out (local, others, global), a
// password change, account deletion, and a share link turned off, re-passworded or expired.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_CLOSE, documentChannel } from "../../shared/contracts/documents.js";
import { signIn, signUp, uniqueEmail } from "../auth/auth.test-util.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, freshToken, request, withToken } from "../test/harness.js";
import { type TestSocket, authenticate, openRealtime, subscribe } from "./ws-client.test-util.js";

const bearer = (token: string) => withToken(token).headers;

describe("/realtime revocation", () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });

  const connect = async (accessToken: string | null) => authenticate(await openRealtime(t, sockets), accessToken);
  const follow = async (s: TestSocket, id: string, shareToken?: string) => {
    expect(await subscribe(s, id, shareToken)).toMatchObject({ status: "SUBSCRIBED" });
  };
  const createDoc = (token: string) => createDocument(t, withToken(token), { content: paragraphDoc("start") });
  const patch = (token: string, id: string, body: object) => request(t, "PATCH", `/api/documents/${id}`, { user: withToken(token), payload: body });
  /** A signed-up user with two signed-in sessions (two devices). */
  const twoDevices = async () => {
    const email = uniqueEmail("rt");
    const first = (await signUp(t, email, "secret-one-1")).json();
    const second = (await signIn(t, email, "secret-one-1")).json();
    return { email, first: first.access_token as string, second: second.access_token as string };
  };
  const updatesWith = (s: TestSocket, text: string) => s.messages.filter((m) => JSON.stringify(m).includes(text));

  it("sign-out (local) closes that session's socket at once; the other device keeps its updates", async () => {
    const { first, second } = await twoDevices();
    const doc = await createDoc(first);
    const signedOut = await connect(first);
    const other = await connect(second);
    await follow(signedOut, doc.id);
    await follow(other, doc.id);

    expect((await t.app.inject({ method: "POST", url: "/auth/v1/logout?scope=local", headers: bearer(first) })).statusCode).toBe(204);
    expect(await signedOut.closed).toMatchObject({ code: REALTIME_CLOSE.sessionEnded });

    expect((await patch(second, doc.id, { content: paragraphDoc("after sign-out"), version: 1 })).statusCode).toBe(200);
    await other.next((m) => m.type === "UPDATE" && m.record.version === 2);
    expect(updatesWith(signedOut, "after sign-out")).toEqual([]);
  });

  it("sign-out of the other devices closes theirs and keeps this one; global closes all", async () => {
    const { first, second } = await twoDevices();
    const doc = await createDoc(first);
    const here = await connect(first);
    const there = await connect(second);
    await follow(here, doc.id);
    await follow(there, doc.id);

    expect((await t.app.inject({ method: "POST", url: "/auth/v1/logout?scope=others", headers: bearer(first) })).statusCode).toBe(204);
    expect(await there.closed).toMatchObject({ code: REALTIME_CLOSE.sessionEnded });
    expect((await patch(first, doc.id, { title: "still here", version: 1 })).statusCode).toBe(200);
    await here.next((m) => m.type === "UPDATE" && m.record.title === "still here");

    expect((await t.app.inject({ method: "POST", url: "/auth/v1/logout?scope=global", headers: bearer(first) })).statusCode).toBe(204);
    expect(await here.closed).toMatchObject({ code: REALTIME_CLOSE.sessionEnded });
  });

  it("a password change closes the other devices' sockets", async () => {
    const { first, second } = await twoDevices();
    const doc = await createDoc(first);
    const there = await connect(second);
    await follow(there, doc.id);
    const res = await t.app.inject({ method: "PUT", url: "/auth/v1/user", headers: bearer(first), payload: { password: "secret-two-2" } });
    expect(res.statusCode).toBe(200);
    expect(await there.closed).toMatchObject({ code: REALTIME_CLOSE.sessionEnded });
  });

  it("deleting the account closes its sockets before any more content goes out", async () => {
    const user: TestUser = await createTestUser(t);
    const doc = await createDoc(user.token);
    const s = await connect(user.token);
    await follow(s, doc.id);
    const res = await t.app.inject({ method: "DELETE", url: "/api/account", headers: user.headers, payload: { confirmEmail: user.email } });
    expect(res.statusCode).toBe(204);
    expect(await s.closed).toMatchObject({ code: REALTIME_CLOSE.sessionEnded });
    expect(s.messages.filter((m) => m.type === "UPDATE")).toEqual([]);
  });

  describe("share links", () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await createTestUser(t, { plan: "professional" });
    });
    const share = (id: string, payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/documents/${id}/share`, headers: owner.headers, payload });
    const openLinkToken = async (id: string) => (await t.app.inject({ method: "GET", url: `/api/shared/${id}` })).headers["x-share-token"] as string;
    const visitor = async (id: string, token: string) => {
      const s = await connect(null);
      await follow(s, id, token);
      return s;
    };
    const ended = async (s: TestSocket, id: string) => {
      expect(await s.closed).toMatchObject({ code: REALTIME_CLOSE.shareEnded });
      expect(s.messages.at(-1)).toMatchObject({ type: "status", channel: documentChannel(id), status: "CHANNEL_ERROR" });
    };

    it("turning sharing off closes the visitor's socket at once, without waiting for a save", async () => {
      const doc = await createDoc(owner.token);
      await share(doc.id, { isPublic: true });
      const s = await visitor(doc.id, await openLinkToken(doc.id));
      expect((await share(doc.id, { isPublic: false })).statusCode).toBe(200);
      await ended(s, doc.id);
      await patch(owner.token, doc.id, { content: paragraphDoc("private now"), version: 1 });
      expect(updatesWith(s, "private now")).toEqual([]);
    });

    it("a new password (the old tokens regenerated away) closes sockets opened with the old token", async () => {
      const doc = await createDoc(owner.token);
      await share(doc.id, { isPublic: true, password: "first-pw" });
      const unlock = await t.app.inject({ method: "POST", url: `/api/shared/${doc.id}/unlock`, payload: { password: "first-pw" } });
      const s = await visitor(doc.id, unlock.json().token);
      expect((await share(doc.id, { password: "second-pw" })).statusCode).toBe(200);
      await ended(s, doc.id);
    });

    it("an expired link closes the visitor's socket and the save after expiry reaches no visitor", async () => {
      const doc = await createDoc(owner.token);
      const today = t.clock.now.toISOString().slice(0, 10);
      await share(doc.id, { isPublic: true, expiresAt: today });
      const s = await visitor(doc.id, await openLinkToken(doc.id));
      t.clock.advance(2 * 86_400_000);
      // The owner signs in again (the old access token has expired too) and saves.
      const { token } = await freshToken(t, owner);
      expect((await patch(token, doc.id, { content: paragraphDoc("after expiry"), version: 1 })).statusCode).toBe(200);
      await ended(s, doc.id);
      expect(updatesWith(s, "after expiry")).toEqual([]);
    });
  });
});
