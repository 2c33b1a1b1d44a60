// Opening an editor URL starts the read of the record and the live session from the entry
// file; the editor page takes both. There is only ever one connection for the document: the
// page starts its own only when the early one has not started, which then never does.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY } from "../auth-client";
import { takeRead } from "../early-reads";
import { PREFERENCES_URL } from "../preferences-url";
import { UNTAKEN_OPEN_MS, beginEditorOpen, takeEditorOpen } from "./early-open";
// Loaded here, so the entry's import of it settles within the test's own steps.
import "./early-start";
import { FakeWebSocket, stubBrowser, unstubBrowser } from "./fake-websocket.test-util";

const documentId = "00000000-0000-4000-8000-000000000003";
const otherId = "00000000-0000-4000-8000-000000000004";
const record = { id: documentId, title: "Long", version: 3 };
const requested: string[] = [];

function stubSession(stored: boolean) {
  const session = { access_token: "token", refresh_token: "refresh", expires_at: Math.floor(Date.now() / 1000) + 3600, user: { id: "user-1" } };
  const items = new Map(stored ? [[AUTH_STORAGE_KEY, JSON.stringify(session)]] : []);
  vi.stubGlobal("localStorage", { getItem: (k: string) => items.get(k) ?? null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal("fetch", async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify(record), { status: 200 });
  });
}

/** Lets the started steps (the import, the socket's first attempt) run. */
const started = () => vi.advanceTimersByTimeAsync(10);

/** A session starter the test lets run when it chooses. */
function heldStarter() {
  let release = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  return { load: () => ready.then(() => import("./early-start")), release };
}

describe("opening an editor URL from the entry file", () => {
  beforeEach(() => {
    stubBrowser();
    requested.length = 0;
  });
  afterEach(() => {
    takeEditorOpen("none");
    unstubBrowser();
  });

  it("reads the record without its content and the preferences, and starts the one live session, which the page takes", async () => {
    stubSession(true);
    beginEditorOpen(`/editor/${documentId}`);
    await started();
    expect(requested).toEqual([`/api/documents/${documentId}?content=live`, PREFERENCES_URL]);
    // The preferences' first reader takes the answer; the next one asks again.
    expect(await takeRead(PREFERENCES_URL)).toEqual(record);
    expect(takeRead(PREFERENCES_URL)).toBeUndefined();
    expect(FakeWebSocket.created).toHaveLength(1);
    const open = takeEditorOpen(documentId);
    expect(open?.endLive).toBeTypeOf("function");
    expect(await open!.record).toEqual(record);
    expect(takeEditorOpen(documentId)).toBeNull();
    open!.endLive!();
    expect(FakeWebSocket.created[0]!.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("leaves the session to the page when the page comes first, and starts none of its own after", async () => {
    stubSession(true);
    const starter = heldStarter();
    beginEditorOpen(`/editor/${documentId}`, starter.load);
    const open = takeEditorOpen(documentId);
    expect(open?.endLive).toBeNull();
    starter.release();
    await vi.advanceTimersByTimeAsync(UNTAKEN_OPEN_MS);
    expect(FakeWebSocket.created).toHaveLength(0);
  });

  it("ends the session of a document the page did not open, and one nobody took", async () => {
    stubSession(true);
    beginEditorOpen(`/editor/${documentId}`);
    await started();
    expect(takeEditorOpen(otherId)).toBeNull();
    expect(FakeWebSocket.created[0]!.readyState).toBe(FakeWebSocket.CLOSED);

    beginEditorOpen(`/editor/${documentId}`);
    await started();
    expect(FakeWebSocket.created[1]!.readyState).toBe(FakeWebSocket.CONNECTING);
    await vi.advanceTimersByTimeAsync(UNTAKEN_OPEN_MS);
    expect(FakeWebSocket.created[1]!.readyState).toBe(FakeWebSocket.CLOSED);
    expect(takeEditorOpen(documentId)).toBeNull();
  });

  it("takes the read index.html started as the page was parsed instead of reading again, with its failure", async () => {
    stubSession(true);
    const fromPage = { ...record, title: "Read by the page" };
    window.draftsmithRecordRead = { path: documentId, response: Promise.resolve(new Response(JSON.stringify(fromPage), { status: 200 })) };
    beginEditorOpen(`/editor/${documentId}`);
    await started();
    expect(requested).toEqual([PREFERENCES_URL]);
    expect(window.draftsmithRecordRead).toBeUndefined();
    const open = takeEditorOpen(documentId);
    expect(await open!.record).toEqual(fromPage);
    open!.endLive!();

    window.draftsmithRecordRead = { path: documentId, response: Promise.resolve(new Response(JSON.stringify({ error: "not_found" }), { status: 404 })) };
    beginEditorOpen(`/editor/${documentId}`);
    const missing = takeEditorOpen(documentId);
    await expect(missing!.record).rejects.toMatchObject({ status: 404 });
    missing!.endLive?.();
  });

  it("reads the record itself when the page's read was for another document", async () => {
    stubSession(true);
    window.draftsmithRecordRead = { path: otherId, response: Promise.resolve(new Response("{}", { status: 200 })) };
    beginEditorOpen(`/editor/${documentId}`);
    await started();
    expect(requested).toEqual([`/api/documents/${documentId}?content=live`, PREFERENCES_URL]);
    takeEditorOpen(documentId)?.endLive?.();
  });

  it("starts nothing for another URL or without a stored session", async () => {
    stubSession(true);
    beginEditorOpen("/");
    beginEditorOpen("/editor");
    stubSession(false);
    beginEditorOpen(`/editor/${documentId}`);
    await started();
    expect(requested).toEqual([]);
    expect(FakeWebSocket.created).toHaveLength(0);
    expect(takeEditorOpen(documentId)).toBeNull();
  });
});
