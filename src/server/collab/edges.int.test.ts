// The live document at its edges: a change the schema refuses, a change past the size limit,
// a large paste, an editor's broadcast, sockets that never sign in, too many connections and
// floods. Each once stopped a document from saving, or let a client speak for the server.
import * as encoding from "lib0/encoding";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { SHARE_TOKEN_HEADER } from "../../shared/contracts/sharing.js";
import { DOCUMENT_MAX_BYTES } from "../../shared/limits.js";
import { createDocument, withAppAndOwner } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { CONNECTION_LIMITS } from "./connection-limits.js";
import { type TestEditor, openEditor, plainText, synced } from "./provider.test-util.js";
import { COLLAB_LIMITS } from "./server.js";
import { FRAGMENT } from "./ydoc.js";

const para = (...texts: string[]) => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

/** The first paragraph's text of an editor's document. */
const firstText = (editor: TestEditor) => (editor.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;

describe("/collab at its edges", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const editors: TestEditor[] = [];
  const sockets: WebSocket[] = [];
  const limitsBefore = { ...CONNECTION_LIMITS };
  const collabLimitsBefore = { ...COLLAB_LIMITS };

  const open = (id: string, token: string) => {
    const editor = openEditor(base, id, token);
    editors.push(editor);
    return editor;
  };
  const createDoc = (user: TestUser, content: object) => createDocument(t, user, { content });
  const stored = async (id: string) => (await request(t, "GET", `/api/documents/${id}`, { user: alice })).json() as DocumentRecord;
  const storedText = async (id: string) => plainText((await stored(id)).content as never);
  /** A raw socket to /collab, with the close code it ends with. */
  const rawSocket = () => {
    const socket = new WebSocket(`${base.replace(/^http/, "ws")}/collab`);
    sockets.push(socket);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    const opened = new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return { socket, closed, opened };
  };

  withAppAndOwner({ owner: { plan: "professional" }, listen: true }, (s) => ({ t, base, owner: alice } = s));
  afterEach(() => {
    Object.assign(CONNECTION_LIMITS, limitsBefore);
    Object.assign(COLLAB_LIMITS, collabLimitsBefore);
    for (const e of editors.splice(0)) e.destroy();
    for (const s of sockets.splice(0)) s.terminate();
  });

  it("refuses a javascript: link or an unknown format from an editor; the document keeps saving everyone else's edits", async () => {
    const doc = await createDoc(alice, para("safe text"));
    const [good, bad] = [open(doc.id, alice.token), open(doc.id, alice.token)];
    await Promise.all([synced(good), synced(bad)]);
    firstText(bad).format(0, 4, { link: { href: "javascript:alert(1)" } });
    await expect.poll(() => bad.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    // Not applied, so no one else received it, and later edits are stored as usual.
    good.type(" and more");
    await expect.poll(() => storedText(doc.id), { timeout: 15_000 }).toBe("safe text and more");
    expect(JSON.stringify((await stored(doc.id)).content)).not.toContain("javascript:");
    expect(JSON.stringify(good.content())).not.toContain("javascript:");

    const other = open(doc.id, alice.token);
    await synced(other);
    firstText(other).format(0, 4, { shout: {} });
    await expect.poll(() => other.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    good.type("!");
    // The text under the unknown format is still there (converting it would have dropped it).
    await expect.poll(() => storedText(doc.id), { timeout: 15_000 }).toBe("safe text and more!");
  });

  it("refuses the same through the closing page's POST, with the reason", async () => {
    const doc = await createDoc(alice, para("posted"));
    const watcher = open(doc.id, alice.token);
    await synced(watcher);
    const closing = new Y.Doc();
    Y.applyUpdate(closing, Y.encodeStateAsUpdate(watcher.doc));
    const before = Y.encodeStateVector(closing);
    ((closing.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 3, { link: { href: "javascript:alert(1)" } });
    const update = Buffer.from(Y.encodeStateAsUpdate(closing, before)).toString("base64");
    const res = await request(t, "POST", `/api/documents/${doc.id}/updates`, { user: alice, payload: { update } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/link\.href/);
    watcher.type(" still saves");
    await expect.poll(() => storedText(doc.id), { timeout: 15_000 }).toBe("posted still saves");
  });

  it("takes a 3 MB paste in one message and stores it; refuses one that would pass the document limit with 4413", async () => {
    const doc = await createDoc(alice, para("start"));
    const writer = open(doc.id, alice.token);
    await synced(writer);
    const big = "word ".repeat((3 * 1024 * 1024) / 5);
    writer.type(big);
    await expect.poll(async () => (await storedText(doc.id)).length, { timeout: 30_000 }).toBe(5 + big.length);
    expect(writer.closedCodes).toEqual([]);

    // A device that opens with its own copy of the document sends all of it again: nothing new, nothing refused.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(writer.doc));
    const device = openEditor(base, doc.id, alice.token, copy);
    editors.push(device);
    await synced(device);
    // Nor is a paste undone in the same change (it adds nothing).
    device.doc.transact(() => {
      const run = firstText(device);
      run.insert(run.length, "y".repeat(DOCUMENT_MAX_BYTES));
      run.delete(run.length - DOCUMENT_MAX_BYTES, DOCUMENT_MAX_BYTES);
    });
    device.type("!");
    await expect.poll(async () => (await storedText(doc.id)).endsWith("!"), { timeout: 30_000 }).toBe(true);
    expect(device.closedCodes).toEqual([]);
    device.destroy();

    const tooBig = "x".repeat(DOCUMENT_MAX_BYTES - big.length + 1024);
    writer.type(tooBig);
    await expect.poll(() => writer.closedCodes.includes(COLLAB_CLOSE.messageTooLarge), { timeout: 20_000 }).toBe(true);
    expect((await storedText(doc.id)).length).toBe(6 + big.length);
  }, 120_000);

  it("an editor's broadcast never reaches the others: only the server's notices do", async () => {
    const doc = await createDoc(alice, para("shared"));
    await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: alice, payload: { isPublic: true, allowEditing: false } });
    const shareToken = (await request(t, "GET", `/api/shared/${doc.id}`)).headers[SHARE_TOKEN_HEADER] as string;
    const owner = open(doc.id, alice.token);
    const visitor = open(doc.id, `share:${shareToken}`);
    await Promise.all([synced(owner), synced(visitor)]);
    const forged = JSON.stringify({ type: "stored", version: 999, updatedAt: new Date().toISOString(), stateVector: "" });
    const message = encoding.createEncoder();
    encoding.writeVarString(message, doc.id);
    encoding.writeVarUint(message, 6); // broadcast to every connection of the document
    encoding.writeVarString(message, forged);
    visitor.provider.configuration.websocketProvider.webSocket?.send(encoding.toUint8Array(message));
    await expect.poll(() => visitor.closedCodes.includes(COLLAB_CLOSE.notAllowed), { timeout: 10_000 }).toBe(true);
    owner.type("!");
    await expect.poll(() => owner.notices.some((n) => n.type === "stored" && (n.version as number) > doc.version), { timeout: 15_000 }).toBe(true);
    expect(owner.notices.some((n) => n.version === 999)).toBe(false);
  });

  it("closes a socket that sends more than a few KB, or waits too long, without signing in", async () => {
    const flood = rawSocket();
    await flood.opened;
    const junk = encoding.createEncoder();
    encoding.writeVarString(junk, crypto.randomUUID());
    encoding.writeVarUint(junk, 0);
    encoding.writeVarUint(junk, 2);
    encoding.writeVarUint8Array(junk, new Uint8Array(16 * 1024));
    for (let i = 0; i < 8; i++) flood.socket.send(encoding.toUint8Array(junk));
    expect(await flood.closed).toBe(COLLAB_CLOSE.notAuthenticated);

    CONNECTION_LIMITS.preAuthMs = 200;
    const idle = rawSocket();
    await idle.opened;
    expect(await idle.closed).toBe(COLLAB_CLOSE.notAuthenticated);
  });

  it("caps live connections per user with 4430, and frees the place when one closes", async () => {
    CONNECTION_LIMITS.perUser = 3;
    const doc = await createDoc(alice, para("many tabs"));
    const first = [open(doc.id, alice.token), open(doc.id, alice.token), open(doc.id, alice.token)];
    await Promise.all(first.map(synced));
    const fourth = open(doc.id, alice.token);
    await expect.poll(() => fourth.authFailed(), { timeout: 10_000 }).toBe(true);
    first[0]!.destroy();
    const fifth = open(doc.id, alice.token);
    await synced(fifth);
  });

  it("closes a flooding editor with 4429 (not 1000), so its editor knows to back off", async () => {
    COLLAB_LIMITS.maxMessagesPerSecond = 20;
    const doc = await createDoc(alice, para("flood"));
    const flooder = open(doc.id, alice.token);
    await synced(flooder);
    for (let i = 0; i < 60; i++) flooder.type("x");
    await expect.poll(() => flooder.closedCodes.includes(COLLAB_CLOSE.tooManyMessages), { timeout: 10_000 }).toBe(true);
  });
});
