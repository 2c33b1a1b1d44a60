// Issue 30, "Share links": turning "Allow editing" off takes effect for visitors who already
// have the edit link open. Their live connection is closed with accessChanged (4409) and
// reconnects read-only, and the keepalive route and the shared PATCH refuse them from then on.
// Turning the link itself off (or a new password) still ends their access (4403).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab-wire.js";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import { type TestEditor, openEditor, plainText, synced } from "../collab/provider.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";

const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const POLL = { timeout: 15_000 };

describe("a share link's editing turned off while a visitor is editing live", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  const editors: TestEditor[] = [];

  const open = (id: string, token: string) => {
    const editor = openEditor(base, id, token);
    editors.push(editor);
    return editor;
  };
  const createDoc = async (text: string) => {
    const doc = (await request(t, "POST", "/api/documents", { user: owner, payload: {} })).json() as DocumentRecord;
    return (await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { content: para(text), version: doc.version } })).json() as DocumentRecord;
  };
  const share = async (id: string, payload: object) => {
    const res = await request(t, "PUT", `/api/documents/${id}/share`, { user: owner, payload });
    expect(res.statusCode).toBe(200);
  };
  const visitorToken = async (id: string) => {
    const visit = await request(t, "GET", `/api/shared/${id}`);
    expect(visit.statusCode).toBe(200);
    const token = visit.headers[SHARE_TOKEN_HEADER];
    expect(typeof token).toBe("string");
    return token as string;
  };
  const storedText = async (id: string) =>
    plainText((((await request(t, "GET", `/api/documents/${id}`, { user: owner })).json()) as DocumentRecord).content as never);
  const postUpdate = (id: string, shareToken: string, update: Uint8Array) =>
    t.app.inject({
      method: "POST",
      url: `/api/documents/${id}/updates`,
      headers: { [SHARE_TOKEN_HEADER]: shareToken },
      payload: { update: Buffer.from(update).toString("base64") },
    });
  /** Resolves once the server has handled everything `from` sent so far (its awareness reaches `to` after it). */
  const handled = async (from: TestEditor, to: TestEditor, probe: string) => {
    from.provider.setAwarenessField("probe", probe);
    await expect
      .poll(() => [...to.provider.awareness!.getStates().values()].some((state) => state.probe === probe), POLL)
      .toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await t.close();
  });

  it("reconnects the visitor read-only (4409): what they type afterwards is not applied or stored, and their updates and edits are refused", async () => {
    const doc = await createDoc("shared");
    await share(doc.id, { isPublic: true, allowEditing: true });
    const token = await visitorToken(doc.id);
    const author = open(doc.id, owner.token);
    const visitor = open(doc.id, `share:${token}`);
    await Promise.all([synced(author), synced(visitor)]);
    expect(visitor.provider.authorizedScope).toBe("read-write");

    // While the link allows editing, the visitor types live, the owner sees it, and it is stored.
    visitor.type(" +guest");
    await expect.poll(() => plainText(author.content()), POLL).toBe("shared +guest");
    await expect.poll(() => storedText(doc.id), POLL).toBe("shared +guest");
    // The keepalive route takes the visitor's changes too (the same grant).
    expect((await postUpdate(doc.id, token, Y.encodeStateAsUpdate(visitor.doc))).statusCode).toBe(204);

    await share(doc.id, { allowEditing: false });

    // The link still works, so this is a change of permission, not the end of access.
    await expect.poll(() => visitor.closedCodes.length > 0, POLL).toBe(true);
    expect(visitor.closedCodes[0]).toBe(COLLAB_CLOSE.accessChanged);
    expect(visitor.authFailed()).toBe(false);
    // The provider reconnects by itself with the same token and is granted read-only.
    await expect.poll(() => visitor.provider.isSynced && visitor.provider.authorizedScope === "readonly", POLL).toBe(true);
    expect(visitor.closedCodes).not.toContain(COLLAB_CLOSE.accessEnded);

    visitor.type(" vandal");
    await handled(visitor, author, "after-vandal");
    author.type(" owner");
    await expect.poll(() => storedText(doc.id), POLL).toBe("shared +guest owner");
    expect(plainText(author.content())).toBe("shared +guest owner");
    // A fresh reader sees the same: the visitor's later text reached no one.
    const reader = open(doc.id, owner.token);
    await synced(reader);
    expect(plainText(reader.content())).toBe("shared +guest owner");

    // The keepalive route and the shared view's PATCH refuse the visitor too, with an error body.
    const update = await postUpdate(doc.id, token, Y.encodeStateAsUpdate(visitor.doc));
    expect(update.statusCode).toBeGreaterThanOrEqual(400);
    expect(update.statusCode).toBeLessThan(500);
    expect(update.json()).toHaveProperty("message");
    const current = (await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord;
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/shared/${doc.id}`,
      headers: { [SHARE_TOKEN_HEADER]: token },
      payload: { content: para("overwritten"), version: current.version },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toHaveProperty("message");
    expect(await storedText(doc.id)).toBe("shared +guest owner");
    // The visitor can still read the link; the owner's own connection was never touched.
    expect((await request(t, "GET", `/api/shared/${doc.id}`)).statusCode).toBe(200);
    expect(author.closedCodes).toEqual([]);
  });

  it("still ends a visitor's access (4403) when the link is turned off, even together with editing", async () => {
    const doc = await createDoc("private soon");
    await share(doc.id, { isPublic: true, allowEditing: true });
    const visitor = open(doc.id, `share:${await visitorToken(doc.id)}`);
    await synced(visitor);

    await share(doc.id, { isPublic: false, allowEditing: false });
    await expect.poll(() => visitor.closedCodes.length > 0 || visitor.authFailed(), POLL).toBe(true);
    if (visitor.closedCodes.length > 0) expect(visitor.closedCodes[0]).toBe(COLLAB_CLOSE.accessEnded);
    expect(visitor.closedCodes).not.toContain(COLLAB_CLOSE.accessChanged);
  });

  it("still ends a visitor's access (4403) when a password voids the tokens handed out before", async () => {
    const doc = await createDoc("protected soon");
    await share(doc.id, { isPublic: true, allowEditing: true });
    const token = await visitorToken(doc.id);
    const visitor = open(doc.id, `share:${token}`);
    await synced(visitor);

    await share(doc.id, { password: "new-secret" });
    await expect.poll(() => visitor.closedCodes.length > 0 || visitor.authFailed(), POLL).toBe(true);
    if (visitor.closedCodes.length > 0) expect(visitor.closedCodes[0]).toBe(COLLAB_CLOSE.accessEnded);
    expect(visitor.closedCodes).not.toContain(COLLAB_CLOSE.accessChanged);
    expect((await postUpdate(doc.id, token, Y.encodeStateAsUpdate(visitor.doc))).statusCode).toBe(404);
  });
});
