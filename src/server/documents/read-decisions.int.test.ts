// The kept read decision (read-decisions.ts): a repeated read asks the database nothing, and
// whatever ends or changes a reader's access shows on the very next read, though the read
// before it was answered from memory.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { buildApp } from "../app.js";
import { type Database, openDatabase } from "../db/providers/index.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request, usingPostgres } from "../test/harness.js";
import { createDocument, paragraphDoc, withAppAndOwner } from "./documents.test-util.js";

/**
 * Counts the statements the app sends while `fn` runs, at the driver under Drizzle: PGlite's
 * query/exec/transaction or postgres.js's unsafe/begin (prepared statements included).
 */
async function statementsDuring(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const client = (t.database.db as unknown as { session: { client: Record<string, unknown> } }).session.client;
  const spies = ["query", "exec", "transaction", "unsafe", "begin"]
    .filter((name) => typeof client[name] === "function")
    .map((name) => vi.spyOn(client as Record<string, () => unknown>, name));
  expect(spies.length).toBeGreaterThan(0);
  try {
    await fn();
    return spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe("kept read decisions", () => {
  let t: TestApp;
  let owner: TestUser;
  withAppAndOwner({ owner: { plan: "professional" } }, (s) => ({ t, owner } = s));
  afterEach(() => vi.restoreAllMocks());

  const read = (user: TestUser, id: string) => request(t, "GET", `/api/documents/${id}`, { user });

  it("a repeated read makes no database statement and answers the same", async () => {
    const doc = await createDocument(t, owner, { title: "Kept", content: paragraphDoc("Once") });
    const first = await read(owner, doc.id);
    expect(first.statusCode).toBe(200);
    let again: Awaited<ReturnType<typeof read>> | undefined;
    expect(await statementsDuring(t, async () => (again = await read(owner, doc.id)))).toBe(0);
    expect(again!.statusCode).toBe(200);
    expect(again!.body).toBe(first.body);
    expect(again!.headers.etag).toBe(first.headers.etag);
    // The check counts: a read that is not kept (another document) is seen asking.
    const other = await createDocument(t, owner, { title: "Other" });
    expect(await statementsDuring(t, () => read(owner, other.id))).toBeGreaterThan(0);
  });

  it("a removed member gets 404 on the next read, though the read before was kept", async () => {
    const doc = await createDocument(t, owner, { content: paragraphDoc("Shared") });
    const member = await createTestUser(t);
    const m = await inviteAndAccept(t, owner, doc.id, member, "editor");
    expect((await read(member, doc.id)).json()).toMatchObject({ access: "editor" });
    expect(await statementsDuring(t, () => read(member, doc.id))).toBe(0);
    // Another role shows at once too.
    expect((await request(t, "PATCH", `/api/documents/${doc.id}/members/${m.id}`, { user: owner, payload: { role: "viewer" } })).statusCode).toBe(200);
    expect((await read(member, doc.id)).json()).toMatchObject({ access: "viewer" });
    expect(await statementsDuring(t, () => read(member, doc.id))).toBe(0);

    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${m.id}`, { user: owner })).statusCode).toBe(204);
    expect((await read(member, doc.id)).statusCode).toBe(404);
    expect((await read(owner, doc.id)).statusCode).toBe(200);
  });

  it("after the trash the next read is 404 for the owner and a member, though both were kept", async () => {
    const doc = await createDocument(t, owner, { content: paragraphDoc("Binned") });
    const member = await createTestUser(t);
    await inviteAndAccept(t, owner, doc.id, member, "viewer");
    for (const user of [owner, member]) {
      expect((await read(user, doc.id)).statusCode).toBe(200);
      expect(await statementsDuring(t, () => read(user, doc.id))).toBe(0);
    }
    expect((await request(t, "DELETE", `/api/documents/${doc.id}`, { user: owner })).statusCode).toBe(204);
    expect((await read(owner, doc.id)).statusCode).toBe(404);
    expect((await read(member, doc.id)).statusCode).toBe(404);
  });

  it("a save, a word goal and share settings show on the next read", async () => {
    const doc = await createDocument(t, owner, { title: "Before", content: paragraphDoc("v1") });
    expect((await read(owner, doc.id)).statusCode).toBe(200);
    const saved = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title: "After", version: doc.version } });
    expect(saved.statusCode).toBe(200);
    const afterSave = (await read(owner, doc.id)).json() as DocumentRecord;
    expect(afterSave).toMatchObject({ title: "After", version: doc.version + 1 });

    expect((await request(t, "PATCH", `/api/documents/${doc.id}/goal`, { user: owner, payload: { word_goal: 500 } })).statusCode).toBe(200);
    expect((await read(owner, doc.id)).json()).toMatchObject({ word_goal: 500 });

    expect((await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: owner, payload: { isPublic: true } })).statusCode).toBe(200);
    expect((await read(owner, doc.id)).json()).toMatchObject({ is_public: true });
  });
});

// Two instances on one PostgreSQL database: B keeps a decision, A ends the access; B learns
// it from the NOTIFY, which comes a few milliseconds after A answered.
describe.runIf(usingPostgres())("kept read decisions across two instances", () => {
  let a: TestApp;
  let b: Pick<TestApp, "app">;
  let bDb: Database;
  let owner: TestUser;
  beforeAll(async () => {
    a = await createTestApp();
    expect(a.ctx.realtime.kind).toBe("postgres");
    bDb = await openDatabase({ databaseUrl: a.config.DATABASE_URL, dataDir: "memory://", poolSize: 3 });
    b = await buildApp({ config: a.config, database: bDb, now: () => a.clock.now, logger: false, clientDir: "/nonexistent" });
    await b.app.ready();
    owner = await createTestUser(a, { plan: "professional" });
  });
  afterAll(async () => {
    await b?.app.close();
    await bDb?.close();
    await a?.close();
  });

  it("a member removed and a document trashed through A are 404 on B", async () => {
    const doc = await createDocument(a, owner, { content: paragraphDoc("Two places") });
    const member = await createTestUser(a);
    const m = await inviteAndAccept(a, owner, doc.id, member, "editor");
    const readB = async (user: TestUser) => (await request(b, "GET", `/api/documents/${doc.id}`, { user })).statusCode;
    expect(await readB(member)).toBe(200);
    expect(await readB(owner)).toBe(200);
    expect((await request(a, "DELETE", `/api/documents/${doc.id}/members/${m.id}`, { user: owner })).statusCode).toBe(204);
    await expect.poll(() => readB(member), { timeout: 2000, interval: 5 }).toBe(404);
    expect((await request(a, "DELETE", `/api/documents/${doc.id}`, { user: owner })).statusCode).toBe(204);
    await expect.poll(() => readB(owner), { timeout: 2000, interval: 5 }).toBe(404);
  });
});
