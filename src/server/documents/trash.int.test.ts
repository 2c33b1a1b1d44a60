// The trash through the API: a deleted document leaves the list and every kind of access
// (owner's reads, members, the share link, open editors) but can be restored with all of it
// back; it does not count against the plan's limit; deleting it for good, or 30 days in the
// trash, removes it everywhere.
import { describe, expect, it } from "vitest";
import type { DocumentRecord, DocumentSummary, TrashedDocument } from "../../shared/contracts/documents.js";
import { openEditor, synced, type TestEditor } from "../collab/provider.test-util.js";
import { type TestApp, type TestUser, createTestUser, freshToken, request } from "../test/harness.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { paragraphDoc, withAppAndOwner } from "./documents.test-util.js";
import { purgeExpiredTrash } from "./trash.js";

const DAY = 86_400_000;

describe("trash", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  const editors: TestEditor[] = [];
  withAppAndOwner({ owner: { plan: "professional" }, listen: true, leftOpen: () => { for (const e of editors) e.destroy(); } }, (s) => ({ t, base, owner } = s));

  const create = async (user: TestUser, title = "Draft") =>
    (await request(t, "POST", "/api/documents", { user, payload: { title, content: paragraphDoc("Kept text") } })).json() as DocumentRecord;
  const trash = async (user: TestUser) => (await request(t, "GET", "/api/trash", { user })).json() as TrashedDocument[];
  const list = async (user: TestUser) => (await request(t, "GET", "/api/documents", { user })).json() as DocumentSummary[];

  it("deleting pauses every access; restoring brings the document, its link and its members back", async () => {
    const doc = await create(owner, "Shared novel");
    const member = await createTestUser(t);
    await inviteAndAccept(t, owner, doc.id, member, "editor");
    await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: owner, payload: { isPublic: true } });
    const editor = openEditor(base, doc.id, member.token);
    editors.push(editor);
    await synced(editor);

    expect((await request(t, "DELETE", `/api/documents/${doc.id}`, { user: owner })).statusCode).toBe(204);
    // The member's open editor closes at once.
    await expect.poll(() => editor.closedCodes.includes(4403) || editor.authFailed(), { timeout: 10_000 }).toBe(true);
    expect((await list(owner)).map((d) => d.id)).not.toContain(doc.id);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: member })).statusCode).toBe(404);
    expect((await request(t, "GET", "/api/documents/shared", { user: member })).json()).toEqual([]);
    expect((await request(t, "GET", `/api/shared/${doc.id}`, { user: null })).statusCode).toBe(404);
    expect((await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title: "x", version: doc.version } })).statusCode).toBe(404);

    const [trashed] = await trash(owner);
    expect(trashed).toMatchObject({ id: doc.id, title: "Shared novel", excerpt: "Kept text" });
    expect(new Date(trashed!.purge_at).getTime() - new Date(trashed!.deleted_at).getTime()).toBe(30 * DAY);

    const restored = await request(t, "POST", `/api/trash/${doc.id}/restore`, { user: owner });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: doc.id, title: "Shared novel" });
    expect(await trash(owner)).toEqual([]);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: member })).json()).toMatchObject({ access: "editor" });
    expect((await request(t, "GET", `/api/shared/${doc.id}`, { user: null })).statusCode).toBe(200);
    expect((await list(owner)).map((d) => d.id)).toContain(doc.id);
  });

  it("the trash does not count against the limit; restoring into a full plan is refused with 402", async () => {
    const free = await createTestUser(t);
    const first = await create(free, "One");
    await create(free, "Two");
    await create(free, "Three");
    await request(t, "DELETE", `/api/documents/${first.id}`, { user: free });
    const fourth = await request(t, "POST", "/api/documents", { user: free, payload: {} });
    expect(fourth.statusCode).toBe(201);
    const refused = await request(t, "POST", `/api/trash/${first.id}/restore`, { user: free });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: "upgrade_required", limit: 3 });
    expect((await trash(free)).map((d) => d.id)).toEqual([first.id]);
  });

  it("deleting for good removes it everywhere; only a document in the trash can be", async () => {
    const doc = await create(owner, "Gone");
    expect((await request(t, "DELETE", `/api/trash/${doc.id}`, { user: owner })).statusCode).toBe(404);
    await request(t, "DELETE", `/api/documents/${doc.id}`, { user: owner });
    expect((await request(t, "DELETE", `/api/trash/${doc.id}`, { user: owner })).statusCode).toBe(204);
    expect((await trash(owner)).map((d) => d.id)).not.toContain(doc.id);
    expect((await request(t, "POST", `/api/trash/${doc.id}/restore`, { user: owner })).statusCode).toBe(404);
    const rows = await t.database.sql.query("SELECT 1 FROM documents WHERE id = $1", [doc.id]);
    expect(rows).toEqual([]);
  });

  it("another user can neither see, restore nor delete someone's trash", async () => {
    const doc = await create(owner, "Mine");
    await request(t, "DELETE", `/api/documents/${doc.id}`, { user: owner });
    const other = await createTestUser(t, { plan: "professional" });
    expect(await trash(other)).toEqual([]);
    expect((await request(t, "POST", `/api/trash/${doc.id}/restore`, { user: other })).statusCode).toBe(404);
    expect((await request(t, "DELETE", `/api/trash/${doc.id}`, { user: other })).statusCode).toBe(404);
    expect((await trash(owner)).map((d) => d.id)).toContain(doc.id);
  });
  // Last: it moves the clock a month on.
  it("the upkeep deletes what has been in the trash for 30 days, and nothing younger", async () => {
    const user = await createTestUser(t, { plan: "creator" });
    const old = await create(user, "Old");
    await request(t, "DELETE", `/api/documents/${old.id}`, { user });
    t.clock.advance(20 * DAY);
    const later = { ...user, ...(await freshToken(t, user)) };
    const young = await create(later, "Young");
    await request(t, "DELETE", `/api/documents/${young.id}`, { user: later });
    t.clock.advance(10 * DAY + 1000);
    expect(await purgeExpiredTrash(t.ctx)).toBeGreaterThanOrEqual(1);
    // Read from the database: the moved clock has expired every test session.
    const left = await t.database.sql.query<{ title: string }>("SELECT title FROM documents WHERE user_id = $1 AND deleted_at IS NOT NULL", [user.id]);
    expect(left.map((r) => r.title)).toEqual(["Young"]);
  });

});
