// The live editor reads its document with ?content=live: the record comes without the
// content (the editor takes the text from the live session), and the server starts loading
// the live state at once (a first open converts it), so it loads while the editor's
// connection opens. A state nobody came for is let go.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { type TestEditor, openEditor, plainText, synced } from "./provider.test-util.js";
import { type Collab, PREPARED_WAIT_MS } from "./server.js";
import { contentOf } from "./ydoc.js";

const content = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "First block" }] },
    { type: "paragraph", content: [{ type: "text", text: "Second block" }] },
  ],
};

describe("GET /api/documents/:id?content=live", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  const editors: TestEditor[] = [];
  const hocuspocus = () => (t.ctx.liveDocuments as unknown as Collab).hocuspocus;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    alice = await createTestUser(t, { plan: "professional" });
    bob = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    vi.useRealTimers();
    for (const e of editors) e.destroy();
    await t.close();
  });

  it("answers the record without its content, loads the live state, and the editor that joins gets the text", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: { title: "Live", content } })).json() as DocumentRecord;
    const full = await request(t, "GET", `/api/documents/${created.id}`, { user: alice });
    const live = await request(t, "GET", `/api/documents/${created.id}?content=live`, { user: alice });
    expect(live.statusCode).toBe(200);
    const record = live.json() as Record<string, unknown>;
    expect(record).not.toHaveProperty("content");
    expect(record).toMatchObject({ id: created.id, title: "Live", version: created.version, access: "owner" });
    expect(full.json()).toMatchObject({ ...record, content });
    expect(live.headers.etag).not.toBe(full.headers.etag);

    // Loaded (converted from the JSON: a first open) before any connection asked for it.
    await expect.poll(() => hocuspocus().documents.has(created.id)).toBe(true);
    const editor = openEditor(base, created.id, alice.token);
    editors.push(editor);
    await synced(editor);
    expect(plainText(contentOf(editor.doc))).toBe("First block\nSecond block");
  });

  it("loads nothing for someone without access, and refuses other values", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: { title: "Private", content } })).json() as DocumentRecord;
    expect((await request(t, "GET", `/api/documents/${created.id}?content=live`, { user: bob })).statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${created.id}?content=all`, { user: alice })).statusCode).toBe(400);
    expect(hocuspocus().documents.has(created.id)).toBe(false);
    expect(hocuspocus().loadingDocuments.has(created.id)).toBe(false);
  });

  it("lets a state go when nobody came for it", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: { title: "Nobody", content } })).json() as DocumentRecord;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    await request(t, "GET", `/api/documents/${created.id}?content=live`, { user: alice });
    await expect.poll(() => hocuspocus().documents.has(created.id)).toBe(true);
    await vi.advanceTimersByTimeAsync(PREPARED_WAIT_MS - 1000);
    expect(hocuspocus().documents.has(created.id)).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await expect.poll(() => hocuspocus().documents.has(created.id)).toBe(false);
    vi.useRealTimers();
  });
});
