// When the database refuses to store a live document: a REST save answers with an error, not
// 200 with nothing written; the editors' acknowledged changes wait in the update log; and a
// shutdown that cannot store them says so instead of "stopped cleanly". The store is made to
// fail with a constraint every new state breaks (existing rows are not checked).
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { documentUpdates } from "../db/index.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { type TestEditor, openEditor, plainText, synced } from "./provider.test-util.js";

const para = (...texts: string[]) => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

describe("a live document the database will not store", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const editors: TestEditor[] = [];
  let closed = false;

  const refuseStores = () => t.ctx.db.execute(sql`ALTER TABLE document_states ADD CONSTRAINT refuse_stores CHECK (octet_length(state) < 0) NOT VALID`);
  const allowStores = () => t.ctx.db.execute(sql`ALTER TABLE document_states DROP CONSTRAINT refuse_stores`);
  const logRows = async (id: string) => (await t.ctx.db.select({ n: count() }).from(documentUpdates).where(eq(documentUpdates.documentId, id)))[0]?.n ?? 0;
  const stored = async (id: string) => (await request(t, "GET", `/api/documents/${id}`, { user: alice })).json() as DocumentRecord;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    alice = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    for (const e of editors) e.destroy();
    if (!closed) await t.close().catch(() => {});
  });

  it("a REST save answers with an error instead of 200, and the change is stored once the database takes it", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: {} })).json() as DocumentRecord;
    const seen = (await request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: para("one"), version: created.version } })).json() as DocumentRecord;
    const live = openEditor(base, created.id, alice.token);
    editors.push(live);
    await synced(live);
    await refuseStores();
    try {
      const res = await request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: para("one", "two"), version: (await stored(created.id)).version } });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.json()).toHaveProperty("message");
      expect(plainText((await stored(created.id)).content as never)).toBe("one");
      // Typed live meanwhile: acknowledged, so in the update log, though not stored.
      live.type(" typed");
      await expect.poll(() => live.provider.hasUnsyncedChanges).toBe(false);
      expect(await logRows(created.id)).toBeGreaterThan(0);
    } finally {
      await allowStores();
    }
    await expect.poll(async () => plainText((await stored(created.id)).content as never), { timeout: 30_000 }).toBe("one typed\ntwo");
    await expect.poll(() => logRows(created.id), { timeout: 10_000 }).toBe(0);
    expect(seen.version).toBeLessThan((await stored(created.id)).version);
  });

  it("a shutdown that cannot store an open document fails, naming it, and leaves its changes in the log", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: {} })).json() as DocumentRecord;
    await request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: para("kept"), version: created.version } });
    const live = openEditor(base, created.id, alice.token);
    editors.push(live);
    await synced(live);
    await refuseStores();
    live.type(" in the log");
    await expect.poll(() => live.provider.hasUnsyncedChanges).toBe(false);
    expect(await logRows(created.id)).toBeGreaterThan(0);
    closed = true;
    await expect(t.close()).rejects.toThrow(/could not be stored/);
  });
});
