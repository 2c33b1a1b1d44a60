// Live co-editing through /collab with the real Hocuspocus provider over a real socket:
// edits merge, the merged document is stored as readable JSON, older documents convert
// once, access follows the same rules as the REST API, and a REST save merges with an
// open session instead of overwriting it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { type TestEditor, openEditor, plainText, synced } from "./provider.test-util.js";

const para = (...texts: string[]) => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

describe("/collab", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  const editors: TestEditor[] = [];

  const open = (id: string, token: string) => {
    const editor = openEditor(base, id, token);
    editors.push(editor);
    return editor;
  };
  const createDoc = async (user: TestUser, content?: object) => {
    const doc = (await request(t, "POST", "/api/documents", { user, payload: {} })).json() as DocumentRecord;
    if (!content) return doc;
    return (await request(t, "PATCH", `/api/documents/${doc.id}`, { user, payload: { content, version: doc.version } })).json() as DocumentRecord;
  };
  const stored = async (user: TestUser, id: string) => (await request(t, "GET", `/api/documents/${id}`, { user })).json() as DocumentRecord;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    alice = await createTestUser(t, { plan: "professional" });
    bob = await createTestUser(t);
  });
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await t.close();
  });

  it("two editors typing at once end with the same text, stored as the document's JSON", async () => {
    const doc = await createDoc(alice);
    const a = open(doc.id, alice.token);
    const b = open(doc.id, alice.token);
    await Promise.all([synced(a), synced(b)]);
    // The first keystroke makes the paragraph; then both type into it at once.
    a.type("a");
    await expect.poll(() => plainText(b.content())).toBe("a");
    for (let i = 1; i < 20; i++) {
      a.type("a");
      b.type("b");
    }
    await expect.poll(() => plainText(a.content()) === plainText(b.content()) && plainText(a.content()).length === 39, { timeout: 10_000 }).toBe(true);
    const text = plainText(a.content());
    expect(text.replace(/b/g, "")).toBe("a".repeat(20));
    expect(text.replace(/a/g, "")).toBe("b".repeat(19));
    // The store follows 2 s after the last change; then REST readers see the merged text.
    await expect.poll(async () => (await stored(alice, doc.id)).content, { timeout: 15_000 }).toEqual(a.content());
    const saved = await stored(alice, doc.id);
    expect(saved.version).toBeGreaterThan(doc.version);
    await expect.poll(() => a.notices.some((n) => n.type === "stored" && n.version === saved.version)).toBe(true);
  });

  it("opens a document written before collaboration with its content, converted once for everyone", async () => {
    const doc = await createDoc(alice, para("First paragraph", "Second paragraph"));
    const [a, b] = [open(doc.id, alice.token), open(doc.id, alice.token)];
    await Promise.all([synced(a), synced(b)]);
    expect(plainText(a.content())).toBe("First paragraph\nSecond paragraph");
    expect(b.content()).toEqual(a.content());
    a.destroy();
    b.destroy();
    // A later session reads the stored state, not a second conversion (which would double the text).
    const c = open(doc.id, alice.token);
    await synced(c);
    c.type("!");
    await expect.poll(async () => plainText((await stored(alice, doc.id)).content as never), { timeout: 15_000 }).toBe("First paragraph!\nSecond paragraph");
  });

  it("refuses another user's document, a forged token and an unknown id alike", async () => {
    const doc = await createDoc(alice, para("private"));
    const intruders = [open(doc.id, bob.token), open(doc.id, `${alice.token.slice(0, -4)}AAAA`), open(crypto.randomUUID(), alice.token)];
    await expect.poll(() => intruders.every((e) => e.authFailed()), { timeout: 10_000 }).toBe(true);
    expect(intruders.every((e) => e.content().content?.length === 0)).toBe(true);
  });

  it("a read-only link visitor sees edits live and cannot change the document; an editing link can", async () => {
    const doc = await createDoc(alice, para("shared"));
    await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: alice, payload: { isPublic: true, allowEditing: false } });
    const visit = await request(t, "GET", `/api/shared/${doc.id}`);
    const shareToken = visit.headers[SHARE_TOKEN_HEADER] as string;
    expect(shareToken).toBeTruthy();
    const owner = open(doc.id, alice.token);
    const reader = open(doc.id, `share:${shareToken}`);
    await Promise.all([synced(owner), synced(reader)]);
    owner.type(" live");
    await expect.poll(() => plainText(reader.content())).toBe("shared live");
    reader.type(" vandal");
    // The owner's next edit arrives at the reader; the reader's own never reaches anyone.
    owner.type("!");
    await expect.poll(() => plainText(owner.content())).toBe("shared live!");
    await expect.poll(async () => plainText((await stored(alice, doc.id)).content as never), { timeout: 15_000 }).toBe("shared live!");

    await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: alice, payload: { isPublic: true, allowEditing: true } });
    const editorVisit = await request(t, "GET", `/api/shared/${doc.id}`);
    const writer = open(doc.id, `share:${editorVisit.headers[SHARE_TOKEN_HEADER] as string}`);
    await synced(writer);
    writer.type(" +guest");
    await expect.poll(() => plainText(owner.content())).toBe("shared live! +guest");
  });

  it("a REST save during an open session merges with what the editors typed", async () => {
    const doc = await createDoc(alice, para("one"));
    const live = open(doc.id, alice.token);
    await synced(live);
    const seen = await stored(alice, doc.id);
    // The editor types (not stored yet); a REST client saves an added paragraph on the version it read.
    live.type(" live");
    await expect.poll(() => plainText(live.content())).toBe("one live");
    const res = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: alice, payload: { content: para("one", "two from REST"), version: seen.version } });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => plainText(live.content())).toBe("one live\ntwo from REST");
    await expect.poll(async () => plainText((await stored(alice, doc.id)).content as never), { timeout: 15_000 }).toBe("one live\ntwo from REST");
    // The version rules still hold for REST clients: a stale version is a 409.
    const stale = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: alice, payload: { content: para("stale"), version: seen.version } });
    expect(stale.statusCode).toBe(409);
    expect(plainText(live.content())).toBe("one live\ntwo from REST");
  });

  it("the title is co-edited: typed live it is stored, and a REST rename reaches open editors", async () => {
    const doc = await createDoc(alice, para("body"));
    const live = open(doc.id, alice.token);
    await synced(live);
    live.doc.getText("title").insert(0, "Chapter One");
    await expect.poll(async () => (await stored(alice, doc.id)).title, { timeout: 15_000 }).toBe("Chapter One");
    const seen = await stored(alice, doc.id);
    const res = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: alice, payload: { title: "Chapter 1", version: seen.version } });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => live.doc.getText("title").toString()).toBe("Chapter 1");
    expect(plainText(live.content())).toBe("body");
  });

  it("takes the changes a closing page posts, gives them to open editors and stores them; refuses others", async () => {
    const doc = await createDoc(alice, para("kept"));
    const watcher = open(doc.id, alice.token);
    await synced(watcher);
    // A second editor that typed and could not send over its socket: its update goes by POST.
    const closing = new Y.Doc();
    Y.applyUpdate(closing, Y.encodeStateAsUpdate(watcher.doc));
    const before = Y.encodeStateVector(closing);
    const text = (closing.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(text.length, " and posted");
    const update = Buffer.from(Y.encodeStateAsUpdate(closing, before)).toString("base64");

    expect((await request(t, "POST", `/api/documents/${doc.id}/updates`, { user: bob, payload: { update } })).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/documents/${doc.id}/updates`, { user: alice, payload: { update: "bm90IHlqcw==" } })).statusCode).toBe(400);
    const res = await request(t, "POST", `/api/documents/${doc.id}/updates`, { user: alice, payload: { update } });
    expect(res.statusCode).toBe(204);
    await expect.poll(() => plainText(watcher.content())).toBe("kept and posted");
    expect(plainText((await stored(alice, doc.id)).content as never)).toBe("kept and posted");
  });

  it("signing out closes that session's live editors", async () => {
    const user = await createTestUser(t, { plan: "professional" });
    const doc = await createDoc(user, para("mine"));
    const editor = open(doc.id, user.token);
    await synced(editor);
    await request(t, "POST", "/auth/v1/logout", { user });
    await expect.poll(() => editor.closedCodes.includes(4403) || editor.authFailed(), { timeout: 10_000 }).toBe(true);
  });
});
