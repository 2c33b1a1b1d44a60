import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { DOCUMENT_MAX_BYTES } from "../../shared/limits.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request, setTestPlan } from "../test/harness.js";
import { createDocument, paragraphDoc } from "./documents.test-util.js";

describe("documents API", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const api = (user: TestUser | null, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    request(t, method, url, { user, payload });
  const create = (user: TestUser, body: { title?: string; content?: unknown } = {}) => createDocument(t, user, body);
  const rowOf = async (id: string) =>
    (await t.database.sql.query<{ title: string; version: number; text_content: string; content: unknown }>(
      "SELECT title, version, text_content, content FROM documents WHERE id = $1",
      [id],
    ))[0];

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t, { plan: "professional" });
    bob = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => t.close());

  it("answers 401 'User not authenticated' without a session on every route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/documents"],
      ["POST", "/api/documents"],
      ["GET", `/api/documents/${id}`],
      ["PATCH", `/api/documents/${id}`],
      ["DELETE", `/api/documents/${id}`],
    ] as const) {
      const res = await api(null, method, url, method === "PATCH" || method === "POST" ? { version: 1 } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: "unauthorized", message: "User not authenticated" });
    }
  });

  it("creates with the defaults: 'Untitled Document' and an empty doc, version 1", async () => {
    const doc = await create(alice);
    expect(doc).toMatchObject({
      user_id: alice.id,
      title: "Untitled Document",
      content: { type: "doc", content: [] },
      version: 1,
      is_public: false,
      allow_editing: false,
      share_expires_at: null,
      has_password: false,
    });
    expect(new Date(doc.created_at).toISOString()).toBe(doc.created_at);
    expect(doc.updated_at).toBe(doc.created_at);
  });

  it("creates with a title (trimmed) and content given as a JSON string, keeping text_content", async () => {
    const doc = await create(alice, { title: "  My essay  ", content: JSON.stringify(paragraphDoc("Hello world")) });
    expect(doc.title).toBe("My essay");
    expect(doc.content).toMatchObject(paragraphDoc("Hello world"));
    expect((await rowOf(doc.id))!.text_content).toBe("Hello world");
  });

  it("rejects bad titles and bad content with 400", async () => {
    const bad = [
      { title: "   " },
      { title: "x".repeat(256) },
      { title: 42 },
      { content: "{not json" },
      { content: { type: "doc", content: [{ type: "bogus" }] } },
      { content: { type: "paragraph" } },
      { content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }] } },
      { content: [1, 2] },
    ];
    for (const body of bad) {
      const res = await api(alice, "POST", "/api/documents", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe("validation_failed");
    }
    expect((await api(alice, "POST", "/api/documents", { title: "x".repeat(255) })).statusCode).toBe(201);
  });

  it("answers 413 with the error body for content over 5 MB, as an object or a string", async () => {
    const big = paragraphDoc("a".repeat(DOCUMENT_MAX_BYTES));
    for (const content of [big, JSON.stringify(big)]) {
      const res = await api(alice, "POST", "/api/documents", { content });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: "payload_too_large", message: expect.stringContaining("5 MB") });
    }
    const doc = await create(alice);
    const res = await api(alice, "PATCH", `/api/documents/${doc.id}`, { content: big, version: 1 });
    expect(res.statusCode).toBe(413);
    expect((await rowOf(doc.id))!.version).toBe(1);
  });

  it("lists only the caller's documents, most recently updated first", async () => {
    const other = await createTestUser(t, { plan: "creator" });
    const a = await create(other, { title: "A" });
    t.clock.advance(1000);
    const b = await create(other, { title: "B" });
    t.clock.advance(1000);
    await api(other, "PATCH", `/api/documents/${a.id}`, { title: "A2", version: 1 });
    await create(bob, { title: "Bob's" });
    const res = await api(other, "GET", "/api/documents");
    expect(res.statusCode).toBe(200);
    expect((res.json() as DocumentRecord[]).map((d) => d.title)).toEqual(["A2", "B"]);
    expect(b.id).toBeTruthy();
  });

  it("reads one document of the owner; another user's or a missing one is the same 404", async () => {
    const doc = await create(alice, { title: "Private" });
    const own = await api(alice, "GET", `/api/documents/${doc.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ ...doc, access: "owner" });
    const foreign = await api(bob, "GET", `/api/documents/${doc.id}`);
    const missing = await api(bob, "GET", "/api/documents/00000000-0000-4000-8000-000000000000");
    const junk = await api(bob, "GET", "/api/documents/not-a-uuid");
    for (const res of [foreign, missing, junk]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "not_found", message: "Document not found" });
    }
  });

  it("updates title and content, sets updated_at, increments version and keeps text_content in step", async () => {
    const doc = await create(alice, { title: "Draft" });
    t.clock.advance(5000);
    const res = await api(alice, "PATCH", `/api/documents/${doc.id}`, { content: paragraphDoc("New words here"), version: 1 });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as DocumentRecord;
    expect(updated).toMatchObject({ title: "Draft", version: 2, content: paragraphDoc("New words here") });
    expect(new Date(updated.updated_at).getTime()).toBe(new Date(doc.updated_at).getTime() + 5000);
    expect((await rowOf(doc.id))!.text_content).toBe("New words here");
    const renamed = await api(alice, "PATCH", `/api/documents/${doc.id}`, { title: "  Final  ", version: 2 });
    expect(renamed.json()).toMatchObject({ title: "Final", version: 3, content: paragraphDoc("New words here") });
  });

  it("answers a save with Prefer: return=minimal without the content, and a conflict still with it", async () => {
    const doc = await create(alice, { title: "Novel" });
    t.clock.advance(1000);
    const save = (version: number, prefer: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/documents/${doc.id}`,
        headers: { ...alice.headers, prefer },
        payload: { content: paragraphDoc(`Chapter ${version}`), version },
      });
    const res = await save(1, "return=minimal");
    expect(res.statusCode).toBe(200);
    expect(res.headers["preference-applied"]).toBe("return=minimal");
    const saved = res.json();
    expect(saved).not.toHaveProperty("content");
    expect(saved).toMatchObject({ id: doc.id, title: "Novel", version: 2, has_password: false });
    expect(new Date(saved.updated_at).getTime()).toBe(new Date(doc.updated_at).getTime() + 1000);
    // The content was stored all the same.
    expect((await rowOf(doc.id))!.content).toMatchObject(paragraphDoc("Chapter 1"));
    // Among other preferences, in any case and spacing.
    const mixed = await save(2, "respond-async, Return = Minimal; foo=bar");
    expect(mixed.json()).not.toHaveProperty("content");
    expect(mixed.json().version).toBe(3);
    // Other preferences get the whole record.
    const full = await save(3, "return=representation");
    expect(full.headers["preference-applied"]).toBeUndefined();
    expect(full.json()).toMatchObject({ version: 4, content: paragraphDoc("Chapter 3") });
    // A stale save still carries the current document, content included, to show the conflict.
    const stale = await save(1, "return=minimal");
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 4, content: paragraphDoc("Chapter 3") });
  });

  it("answers a stale version with 409 and the current document, overwriting nothing", async () => {
    const doc = await create(alice, { title: "Shared draft" });
    const first = await api(alice, "PATCH", `/api/documents/${doc.id}`, { content: paragraphDoc("Tab one"), version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await api(alice, "PATCH", `/api/documents/${doc.id}`, { content: paragraphDoc("Tab two"), title: "Lost", version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({ error: "conflict", current: { id: doc.id, version: 2, title: "Shared draft", content: paragraphDoc("Tab one") } });
    expect(body.message).toEqual(expect.any(String));
    const row = await rowOf(doc.id);
    expect(row).toMatchObject({ version: 2, title: "Shared draft", text_content: "Tab one" });
    // The writer who lost can re-apply on top of the current version.
    const retry = await api(alice, "PATCH", `/api/documents/${doc.id}`, { content: paragraphDoc("Tab two"), version: 2 });
    expect(retry.json()).toMatchObject({ version: 3, content: paragraphDoc("Tab two") });
  });

  it("only one of two concurrent writers on the same version wins", async () => {
    const doc = await create(alice);
    const results = await Promise.all(
      ["one", "two", "three"].map((w) => api(alice, "PATCH", `/api/documents/${doc.id}`, { content: paragraphDoc(w), version: 1 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await rowOf(doc.id))!.version).toBe(2);
  });

  it("validates the PATCH body", async () => {
    const doc = await create(alice);
    for (const body of [{}, { title: "x" }, { version: 0 }, { version: "1" }, { version: 1, title: "" }, { version: 1, content: { type: "nope" } }]) {
      const res = await api(alice, "PATCH", `/api/documents/${doc.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await rowOf(doc.id))!.version).toBe(1);
  });

  it("another user can neither update nor delete: 404 and nothing changed", async () => {
    const doc = await create(alice, { title: "Mine", content: paragraphDoc("Keep me") });
    const upd = await api(bob, "PATCH", `/api/documents/${doc.id}`, { title: "Hacked", content: paragraphDoc("x"), version: 1 });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ error: "not_found", message: "Document not found" });
    const del = await api(bob, "DELETE", `/api/documents/${doc.id}`);
    expect(del.statusCode).toBe(404);
    expect(await rowOf(doc.id)).toMatchObject({ title: "Mine", version: 1, text_content: "Keep me" });
  });

  it("deletes the owner's document: 204, then 404 everywhere (the row waits in the trash, trash.int.test.ts)", async () => {
    const doc = await create(alice);
    const del = await api(alice, "DELETE", `/api/documents/${doc.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect((await api(alice, "GET", `/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await api(alice, "DELETE", `/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await api(alice, "PATCH", `/api/documents/${doc.id}`, { title: "x", version: 1 })).statusCode).toBe(404);
    expect((await rowOf(doc.id))?.title).toBe(doc.title);
  });

  it("enforces the plan's document limit on create: Gratis 3, Creator 500, Professional unlimited", async () => {
    const free = await createTestUser(t);
    for (let i = 0; i < 3; i++) await create(free);
    const res = await api(free, "POST", "/api/documents", {});
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: "upgrade_required",
      feature: "documents",
      limit: 3,
      message: expect.stringContaining("3 documents"),
    });
    // Deleting one frees a slot; upgrading lifts the limit.
    const [first] = (await api(free, "GET", "/api/documents")).json() as DocumentRecord[];
    await api(free, "DELETE", `/api/documents/${first!.id}`);
    await create(free);
    expect((await api(free, "POST", "/api/documents", {})).statusCode).toBe(402);
    await setTestPlan(t, free.id, "creator");
    await create(free);

    const creator = await createTestUser(t, { plan: "creator" });
    await t.database.sql.query(
      "INSERT INTO documents (user_id, title) SELECT $1, 'Bulk ' || g FROM generate_series(1, 499) g",
      [creator.id],
    );
    await create(creator);
    const over = await api(creator, "POST", "/api/documents", {});
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ limit: 500 });

    const pro = await createTestUser(t, { plan: "professional" });
    await t.database.sql.query("INSERT INTO documents (user_id) SELECT $1 FROM generate_series(1, 600)", [pro.id]);
    await create(pro);
  });

  it("does not let concurrent creates pass the limit", async () => {
    const free = await createTestUser(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => api(free, "POST", "/api/documents", {})));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(3);
  });

  it("falls back to Gratis when a paid subscription has lapsed", async () => {
    const lapsed = await createTestUser(t, { plan: "creator" });
    await t.database.sql.query("INSERT INTO documents (user_id) SELECT $1 FROM generate_series(1, 5)", [lapsed.id]);
    await create(lapsed);
    await t.database.sql.query("UPDATE subscriptions SET current_period_end = $2 WHERE user_id = $1", [
      lapsed.id,
      new Date(t.clock.now.getTime() - 1000).toISOString(),
    ]);
    const res = await api(lapsed, "POST", "/api/documents", {});
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ limit: 3 });
  });
});
