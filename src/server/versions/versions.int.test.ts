// Version history through the API: snapshots taken while a document is edited (at most one
// every five minutes, with who wrote), named versions, restore as a new change that keeps the
// state it replaced, export of a version, retention by the owner's plan, and access in SQL.
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { VersionDetail, VersionList, VersionSummary } from "../../shared/contracts/versions.js";
import { openEditor, plainText, synced, type TestEditor } from "../collab/provider.test-util.js";
import { paragraphDoc, withAppAndOwner } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, createTestUser, freshToken, request, setTestPlan } from "../test/harness.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { purgeExpiredVersions } from "./retention.js";

const MIN = 60_000;
const DAY = 86_400_000;

describe("version history", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  const editors: TestEditor[] = [];
  withAppAndOwner({ owner: { plan: "professional", fullName: "Olivia Owner" }, listen: true, leftOpen: () => { for (const e of editors) e.destroy(); } }, (s) => ({ t, base, owner } = s));

  const create = async (user: TestUser, text: string) =>
    (await request(t, "POST", "/api/documents", { user, payload: { title: "Story", content: paragraphDoc(text) } })).json() as DocumentRecord;
  const save = async (user: TestUser, doc: { id: string }, text: string) => {
    const current = (await request(t, "GET", `/api/documents/${doc.id}`, { user })).json() as DocumentRecord;
    const res = await request(t, "PATCH", `/api/documents/${doc.id}`, { user, payload: { content: paragraphDoc(text), version: current.version } });
    expect(res.statusCode).toBe(200);
  };
  const versions = async (user: TestUser, id: string) => (await request(t, "GET", `/api/documents/${id}/versions`, { user })).json() as VersionList;
  const textOf = async (user: TestUser, id: string, versionId: string) =>
    plainText(((await request(t, "GET", `/api/documents/${id}/versions/${versionId}`, { user })).json() as VersionDetail).content);

  it("snapshots at most every five minutes of saving, with the author; names the current version", async () => {
    const doc = await create(owner, "One");
    await save(owner, doc, "Two");
    await save(owner, doc, "Three");
    // The history starts with the document as created; the saves within five minutes of it
    // wait for the next snapshot (the editor shows them as the current version).
    let list = await versions(owner, doc.id);
    expect(list.versions.map((v) => [v.kind, v.authors.map((a) => a.name)])).toEqual([["created", ["Olivia Owner"]]]);
    expect(list.retention_days).toBeNull();
    expect(await textOf(owner, doc.id, list.versions[0]!.id)).toBe("One");

    t.clock.advance(5 * MIN + 1000);
    await save(owner, doc, "Four");
    t.clock.advance(1000);
    const named = await request(t, "POST", `/api/documents/${doc.id}/versions`, { user: owner, payload: { name: "Sent to editor" } });
    expect(named.statusCode).toBe(201);
    list = await versions(owner, doc.id);
    expect(list.versions.map((v) => [v.kind, v.name])).toEqual([
      ["named", "Sent to editor"],
      ["auto", null],
      ["created", null],
    ]);
    expect(await textOf(owner, doc.id, list.versions[0]!.id)).toBe("Four");
    // Renamed and unnamed.
    const v = list.versions[1]!;
    expect((await request(t, "PATCH", `/api/documents/${doc.id}/versions/${v.id}`, { user: owner, payload: { name: "Draft two" } })).json()).toMatchObject({ name: "Draft two" });
    expect((await request(t, "PATCH", `/api/documents/${doc.id}/versions/${v.id}`, { user: owner, payload: { name: null } })).json()).toMatchObject({ name: null });
    expect((await request(t, "POST", `/api/documents/${doc.id}/versions`, { user: owner, payload: { name: "  " } })).statusCode).toBe(400);
  });

  it("starts an imported document's history with the file as imported", async () => {
    const data = Buffer.from("# Imported\n\nAs it came in.\n").toString("base64");
    const res = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name: "notes.md", data }] } });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { results: { id: string }[] }).results[0]!.id;
    const [first, ...rest] = (await versions(owner, id)).versions;
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ kind: "created", authors: [{ name: "Olivia Owner" }] });
    expect(await textOf(owner, id, first!.id)).toContain("As it came in.");
  });

  it("pages the list newest first by key: every version once, in order, however long the history", async () => {
    const doc = await create(owner, "Page 0");
    for (let i = 1; i <= 7; i++) {
      t.clock.advance(1000);
      const res = await request(t, "POST", `/api/documents/${doc.id}/versions`, { user: owner, payload: { name: `V${i}` } });
      expect(res.statusCode).toBe(201);
    }
    const url = `/api/documents/${doc.id}/versions`;
    const all = ((await request(t, "GET", `${url}?limit=200`, { user: owner })).json() as VersionList).versions.map((v) => v.id);
    expect(all.length).toBeGreaterThanOrEqual(7);
    const seen: string[] = [];
    const seenIds: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: string = before ? `?limit=3&before=${before}` : "?limit=3";
      const page = (await request(t, "GET", url + query, { user: owner })).json() as VersionList;
      expect(page.versions.length).toBeLessThanOrEqual(3);
      seen.push(...page.versions.map((v) => v.name ?? v.kind));
      seenIds.push(...page.versions.map((v) => v.id));
      before = page.next_before;
      pages++;
    } while (before);
    expect(seenIds).toEqual(all);
    expect(seen.filter((name) => name.startsWith("V"))).toEqual(["V7", "V6", "V5", "V4", "V3", "V2", "V1"]);
    expect(pages).toBe(Math.ceil(all.length / 3));
    // A version taken while paging does not shift the older pages.
    const first = (await request(t, "GET", `${url}?limit=2`, { user: owner })).json() as VersionList;
    t.clock.advance(1000);
    await request(t, "POST", url, { user: owner, payload: { name: "V8" } });
    const second = (await request(t, "GET", `${url}?limit=2&before=${first.next_before}`, { user: owner })).json() as VersionList;
    const firstIds = first.versions.map((v) => v.id);
    expect(second.versions.map((v) => v.id)).toEqual(all.slice(2, 4));
    expect(firstIds).toEqual(all.slice(0, 2));
    // Bad paging input is a 4xx.
    expect((await request(t, "GET", `${url}?limit=0`, { user: owner })).statusCode).toBe(400);
    expect((await request(t, "GET", `${url}?limit=201`, { user: owner })).statusCode).toBe(400);
    expect((await request(t, "GET", `${url}?before=nope`, { user: owner })).statusCode).toBe(404);
  });

  it("a restore is a new change that keeps the state it replaced; restoring that undoes it; a version exports", async () => {
    const doc = await create(owner, "First draft");
    t.clock.advance(5 * MIN + 1000);
    await save(owner, doc, "Second draft");
    const [first] = (await versions(owner, doc.id)).versions;
    // The snapshot holds the state saved at that moment.
    expect(first!.kind).toBe("auto");
    expect(await textOf(owner, doc.id, first!.id)).toBe("Second draft");
    await save(owner, doc, "Third draft");
    const restored = await request(t, "POST", `/api/documents/${doc.id}/versions/${first!.id}/restore`, { user: owner });
    expect(restored.statusCode).toBe(200);
    const { before } = restored.json() as { before: VersionSummary };
    expect(before.kind).toBe("restore");
    const now = (await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord;
    expect(plainText(now.content)).toBe("Second draft");
    expect(await textOf(owner, doc.id, before.id)).toBe("Third draft");
    // Undo the restore by restoring the state it replaced.
    await request(t, "POST", `/api/documents/${doc.id}/versions/${before.id}/restore`, { user: owner });
    expect(plainText(((await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord).content)).toBe("Third draft");

    const md = await request(t, "GET", `/api/documents/${doc.id}/export?format=md&version=${first!.id}`, { user: owner });
    expect(md.statusCode).toBe(200);
    expect(md.body).toContain("Second draft");
  });

  it("a restore reaches everyone editing the document live", async () => {
    const doc = await create(owner, "Live start");
    t.clock.advance(5 * MIN + 1000);
    await save(owner, doc, "Live kept");
    const [kept] = (await versions(owner, doc.id)).versions;
    const a = openEditor(base, doc.id, owner.token);
    const b = openEditor(base, doc.id, owner.token);
    editors.push(a, b);
    await synced(a);
    await synced(b);
    a.type(" and typed");
    await expect.poll(() => plainText(b.content())).toBe("Live kept and typed");
    const res = await request(t, "POST", `/api/documents/${doc.id}/versions/${kept!.id}/restore`, { user: owner });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => plainText(a.content()), { timeout: 10_000 }).toBe("Live kept");
    await expect.poll(() => plainText(b.content()), { timeout: 10_000 }).toBe("Live kept");
  });

  it("keeps the state before an AI change that rewrites more than a paragraph, unnamed, with what was typed live", async () => {
    const doc = await create(owner, "Before AI");
    const live = openEditor(base, doc.id, owner.token);
    editors.push(live);
    await synced(live);
    live.type(" and more");
    // The server has it (unstored: the store waits 2 s after the last change).
    await expect.poll(() => live.provider.hasUnsyncedChanges).toBe(false);
    const res = await request(t, "POST", `/api/documents/${doc.id}/versions`, { user: owner, payload: { before: "ai-change" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: "ai", name: null });
    expect(await textOf(owner, doc.id, (res.json() as VersionSummary).id)).toBe("Before AI and more");
    expect((await request(t, "POST", `/api/documents/${doc.id}/versions`, { user: owner, payload: { before: "anything" } })).statusCode).toBe(400);
  });

  it("editors see and restore versions; viewers, strangers and nobody signed in cannot", async () => {
    const doc = await create(owner, "Private history");
    await save(owner, doc, "Edited");
    const [v] = (await versions(owner, doc.id)).versions;
    const editor = await createTestUser(t);
    const viewer = await createTestUser(t);
    await inviteAndAccept(t, owner, doc.id, editor, "editor");
    await inviteAndAccept(t, owner, doc.id, viewer, "viewer");
    expect((await versions(editor, doc.id)).versions).toHaveLength(1);
    const stranger = await createTestUser(t, { plan: "professional" });
    for (const user of [viewer, stranger]) {
      expect((await request(t, "GET", `/api/documents/${doc.id}/versions`, { user })).statusCode).toBe(404);
      expect((await request(t, "GET", `/api/documents/${doc.id}/versions/${v!.id}`, { user })).statusCode).toBe(404);
      expect((await request(t, "POST", `/api/documents/${doc.id}/versions/${v!.id}/restore`, { user })).statusCode).toBe(404);
    }
    expect((await request(t, "GET", `/api/documents/${doc.id}/versions`, { user: null })).statusCode).toBe(401);
    expect((await request(t, "GET", `/api/documents/${doc.id}/versions/not-a-uuid`, { user: owner })).statusCode).toBe(404);
  });

  // Last: it moves the clock on by months.
  it("keeps unnamed versions 7 days on Gratis, 90 on Creator, always on Professional; named ones always", async () => {
    const free = await createTestUser(t);
    const creator = await createTestUser(t, { plan: "creator" });
    const pro = await createTestUser(t, { plan: "professional" });
    const docs = new Map<TestUser, string>();
    for (const user of [free, creator, pro]) {
      const doc = await create(user, "Kept?");
      t.clock.advance(5 * MIN + 1000);
      await save(user, doc, "Saved once");
      await request(t, "POST", `/api/documents/${doc.id}/versions`, { user, payload: { name: "Named" } });
      docs.set(user, doc.id);
    }
    const count = async (user: TestUser) =>
      (await t.database.sql.query<{ name: string | null; kind: string }>("SELECT name, kind FROM document_versions WHERE document_id = $1", [docs.get(user)])).map((r) => r.name ?? r.kind).sort();
    t.clock.advance(8 * DAY);
    await purgeExpiredVersions(t.ctx);
    // The first version (the document as created) stays on every plan.
    expect(await count(free)).toEqual(["Named", "created"]);
    expect(await count(creator)).toEqual(["Named", "auto", "created"]);
    // Subscriptions from the harness last 30 days: renew them before moving past 90.
    await setTestPlan(t, creator.id, "creator");
    await setTestPlan(t, pro.id, "professional");
    t.clock.advance(83 * DAY);
    await setTestPlan(t, creator.id, "creator");
    await setTestPlan(t, pro.id, "professional");
    await purgeExpiredVersions(t.ctx);
    expect(await count(creator)).toEqual(["Named", "created"]);
    expect(await count(pro)).toEqual(["Named", "auto", "created"]);
    const later = { ...pro, ...(await freshToken(t, pro)) };
    expect((await versions(later, docs.get(pro)!)).versions).toHaveLength(3);
  });
});
