import { describe, expect, it } from "vitest";
import { documentChannel } from "../../shared/contracts/documents.js";
import { createDocument, paragraphDoc, withAppAndOwner } from "../documents/documents.test-util.js";
import { authenticate, openRealtime, subscribe, type TestSocket } from "../realtime/ws-client.test-util.js";
import { request, type TestApp, type TestUser } from "../test/harness.js";

describe("realtime through a share link", () => {
  let t: TestApp;
  let owner: TestUser;
  const sockets: TestSocket[] = [];
  withAppAndOwner({ owner: { plan: "professional" }, leftOpen: () => { for (const s of sockets) s.ws.terminate(); } }, (s) => ({ t, owner } = s));

  const connect = async (accessToken: string | null) => authenticate(await openRealtime(t, sockets), accessToken);
  const newDoc = () => createDocument(t, owner, { content: paragraphDoc("start") });
  const share = (id: string, payload: object) => request(t, "PUT", `/api/documents/${id}/share`, { user: owner, payload });
  const ownerPatch = (id: string, body: object) => request(t, "PATCH", `/api/documents/${id}`, { user: owner, payload: body });

  it("streams the owner's edits to a visitor and the visitor's edits to the owner, without the owner's id", async () => {
    const doc = await newDoc();
    await share(doc.id, { isPublic: true, allowEditing: true, password: "rt-pw" });
    const token = (await t.app.inject({ method: "POST", url: `/api/shared/${doc.id}/unlock`, payload: { password: "rt-pw" } })).json().token;

    const stranger = await connect(null);
    expect(await subscribe(stranger, doc.id)).toMatchObject({ status: "CHANNEL_ERROR" });
    const visitor = await connect(null);
    expect(await subscribe(visitor, doc.id, token)).toMatchObject({ status: "SUBSCRIBED" });
    const ownerSocket = await connect(owner.token);
    expect(await subscribe(ownerSocket, doc.id)).toMatchObject({ status: "SUBSCRIBED" });

    expect((await ownerPatch(doc.id, { content: paragraphDoc("from owner"), version: 1 })).statusCode).toBe(200);
    const seen = await visitor.next((m) => m.type === "UPDATE" && m.record.version === 2);
    expect(seen).toMatchObject({ record: { content: paragraphDoc("from owner") } });
    expect(seen).not.toHaveProperty("record.user_id");
    expect(JSON.stringify(seen)).not.toContain(owner.id);

    const visitorEdit = await t.app.inject({
      method: "PATCH",
      url: `/api/shared/${doc.id}`,
      headers: { "x-share-token": token },
      payload: { content: paragraphDoc("from visitor"), version: 2 },
    });
    expect(visitorEdit.statusCode).toBe(200);
    const atOwner = await ownerSocket.next((m) => m.type === "UPDATE" && m.record.version === 3);
    expect(atOwner).toMatchObject({ record: { content: paragraphDoc("from visitor"), user_id: null } });
  });

  it("refuses a token for another document and stops updates once the owner makes the document private", async () => {
    const doc = await newDoc();
    const other = await newDoc();
    await share(doc.id, { isPublic: true });
    await share(other.id, { isPublic: true });
    const token = (await t.app.inject({ method: "GET", url: `/api/shared/${doc.id}` })).headers["x-share-token"] as string;

    const wrongDoc = await connect(null);
    expect(await subscribe(wrongDoc, other.id, token)).toMatchObject({ status: "CHANNEL_ERROR" });
    const visitor = await connect(null);
    expect(await subscribe(visitor, doc.id, token)).toMatchObject({ status: "SUBSCRIBED" });

    await share(doc.id, { isPublic: false });
    expect((await ownerPatch(doc.id, { content: paragraphDoc("secret"), version: 1 })).statusCode).toBe(200);
    const channel = documentChannel(doc.id);
    await visitor.next((m) => m.type === "status" && m.channel === channel && m.status === "CHANNEL_ERROR");
    expect(JSON.stringify(visitor.messages)).not.toContain("secret");
  });
});
