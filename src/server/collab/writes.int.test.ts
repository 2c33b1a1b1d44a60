// What the server sends an editor in one turn of its event loop goes out in one write to the
// network (server.ts, coalesceWrites): every message still arrives, whole, in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { type TestEditor, openEditor, synced } from "./provider.test-util.js";
import type { Collab } from "./server.js";
import { TITLE } from "./ydoc.js";

describe("/collab writes", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const editors: TestEditor[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    alice = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await t.close();
  });

  it("changes and a notice sent in one turn all reach an editor, one by one and in order", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: {} })).json() as DocumentRecord;
    const editor = openEditor(base, created.id, alice.token);
    editors.push(editor);
    await synced(editor);
    const live = (t.ctx.liveDocuments as unknown as Collab).hocuspocus.documents.get(created.id);
    if (!live) throw new Error("the document is not open on the server");
    const received: string[] = [];
    editor.doc.on("update", (_update: Uint8Array, _origin: unknown, _doc: unknown, transaction: { local: boolean }) => {
      if (!transaction.local) received.push(`change ${editor.doc.getText(TITLE).toString()}`);
    });
    editor.provider.on("stateless", () => received.push("notice"));

    const title = live.getText(TITLE);
    for (const key of ["a", "b", "c"]) live.transact(() => title.insert(title.length, key));
    live.broadcastStateless(JSON.stringify({ type: "test" }));
    await expect.poll(() => received.length).toBe(4);
    expect(received).toEqual(["change a", "change ab", "change abc", "notice"]);

    // A later turn is written on its own.
    await new Promise<void>((resolve) => setImmediate(resolve));
    live.transact(() => title.insert(title.length, "d"));
    await expect.poll(() => received.at(-1)).toBe("change abcd");
  });
});
