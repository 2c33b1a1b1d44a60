// Members end to end through the API: the owner invites by email (Professional plan only),
// the invitee reads the emailed link, finds the document under "Shared with me", reads or
// edits it by role, never counts it against their own limit; the owner changes roles and
// removes people, and a removed member's live editor closes at once.
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { Member, MembersResponse, SharedWithMe } from "../../shared/contracts/members.js";
import { openEditor, plainText, synced, type TestEditor } from "../collab/provider.test-util.js";
import { mailOutbox } from "../db/index.js";
import { withAppAndOwner } from "../documents/documents.test-util.js";
import { createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";

const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

describe("document members", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  const editors: TestEditor[] = [];
  withAppAndOwner({ owner: { plan: "professional", fullName: "Olivia Owner" }, listen: true, leftOpen: () => { for (const e of editors) e.destroy(); } }, (s) => ({ t, base, owner } = s));

  const createDoc = async (user: TestUser, text = "Chapter one") => {
    const doc = (await request(t, "POST", "/api/documents", { user, payload: { title: "Novel", content: para(text) } })).json() as DocumentRecord;
    return doc;
  };
  const invite = (user: TestUser, id: string, email: string, role: "viewer" | "editor") =>
    request(t, "POST", `/api/documents/${id}/members`, { user, payload: { email, role } });
  const lastMailTo = async (email: string) => {
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, email)).orderBy(desc(mailOutbox.createdAt));
    return mail;
  };
  const tokenIn = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop()!);

  it("an invitee without an account gets an email; after signing up the link opens the document, listed under Shared with me", async () => {
    const doc = await createDoc(owner);
    const email = `new-${Date.now()}@example.com`;
    const res = await invite(owner, doc.id, email.toUpperCase(), "editor");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: "editor", status: "invited", name: null });

    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Olivia Owner shared "Novel" with you');
    const link = (mail!.links as { url: string }[])[0]!.url;
    expect(link).toMatch(/^http:\/\/localhost:3000\/invite\//);

    // Someone else's account cannot read it before the link is followed.
    const invitee = await createTestUser(t, { email: `other-${Date.now()}@example.com`, fullName: "Ivan Invitee" });
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee })).statusCode).toBe(404);

    const accepted = await request(t, "POST", "/api/invitations/accept", { user: invitee, payload: { token: tokenIn(link) } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ document_id: doc.id, role: "editor" });

    const read = await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: doc.id, access: "editor" });
    const shared = (await request(t, "GET", "/api/documents/shared", { user: invitee })).json() as SharedWithMe[];
    expect(shared).toEqual([expect.objectContaining({ id: doc.id, title: "Novel", role: "editor", owner_name: "Olivia Owner" })]);
    // Not among the invitee's own documents.
    expect((await request(t, "GET", "/api/documents", { user: invitee })).json()).toEqual([]);

    // The link is taken: another account following it gets 404.
    const third = await createTestUser(t);
    expect((await request(t, "POST", "/api/invitations/accept", { user: third, payload: { token: tokenIn(link) } })).statusCode).toBe(404);

    const members = (await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as MembersResponse;
    expect(members.can_invite).toBe(true);
    expect(members.members).toEqual([expect.objectContaining({ email, status: "joined", name: "Ivan Invitee", role: "editor" })]);
  });

  it("an account with the invited, confirmed email sees the document without following the link", async () => {
    const doc = await createDoc(owner);
    // Invited before the account exists: the invitation waits for the address.
    const inviteeEmail = `later-${Date.now()}@example.com`;
    expect((await invite(owner, doc.id, inviteeEmail, "viewer")).statusCode).toBe(201);
    const invitee = await createTestUser(t, { email: inviteeEmail });
    // Already a member of another document (by its link), which must not stop the claim.
    const other = await createDoc(owner);
    const email = `alias-${Date.now()}@example.com`;
    await invite(owner, other.id, email, "editor");
    const link = ((await lastMailTo(email))!.links as { url: string }[])[0]!.url;
    expect((await request(t, "POST", "/api/invitations/accept", { user: invitee, payload: { token: tokenIn(link) } })).statusCode).toBe(200);
    const shared = (await request(t, "GET", "/api/documents/shared", { user: invitee })).json() as SharedWithMe[];
    expect(shared.map((s) => [s.id, s.role]).sort()).toEqual([[doc.id, "viewer"], [other.id, "editor"]].sort());
  });

  it("a viewer reads but cannot write; an editor writes; neither may delete, share or manage members", async () => {
    const doc = await createDoc(owner);
    const viewer = await createTestUser(t);
    const editor = await createTestUser(t);
    await invite(owner, doc.id, viewer.email, "viewer");
    await invite(owner, doc.id, editor.email, "editor");

    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: viewer })).json()).toMatchObject({ access: "viewer" });
    const viewerSave = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: viewer, payload: { content: para("viewer was here"), version: doc.version } });
    expect(viewerSave.statusCode).toBe(404);

    const editorSave = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: editor, payload: { content: para("edited by a member"), version: doc.version } });
    expect(editorSave.statusCode).toBe(200);
    const after = (await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord;
    expect(plainText(after.content)).toBe("edited by a member");
    expect(after.access).toBe("owner");

    for (const member of [viewer, editor]) {
      expect((await request(t, "DELETE", `/api/documents/${doc.id}`, { user: member })).statusCode).toBe(404);
      expect((await request(t, "GET", `/api/documents/${doc.id}/share`, { user: member })).statusCode).toBe(404);
      expect((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: member })).statusCode).toBe(404);
      expect((await invite(member, doc.id, "x@example.com", "editor")).statusCode).toBe(402);
    }
    // Export follows read access.
    expect((await request(t, "GET", `/api/documents/${doc.id}/export?format=md`, { user: viewer })).statusCode).toBe(200);
  });

  it("inviting needs the owner's Professional plan; collaborators can be on any plan and keep their own document limit", async () => {
    const creator = await createTestUser(t, { plan: "creator" });
    const doc = await createDoc(creator);
    const res = await invite(creator, doc.id, "friend@example.com", "editor");
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: "upgrade_required", feature: "collaboration" });
    expect(((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: creator })).json() as MembersResponse).can_invite).toBe(false);

    // A free invitee with three shared documents can still create their own three.
    const free = await createTestUser(t);
    for (let i = 0; i < 3; i++) await invite(owner, (await createDoc(owner)).id, free.email, "editor");
    expect(((await request(t, "GET", "/api/documents/shared", { user: free })).json() as unknown[]).length).toBe(3);
    for (let i = 0; i < 3; i++) expect((await request(t, "POST", "/api/documents", { user: free, payload: {} })).statusCode).toBe(201);
    expect((await request(t, "POST", "/api/documents", { user: free, payload: {} })).statusCode).toBe(402);
  });

  it("AI for a collaborator follows the collaborator's own plan, and an editor's accepted AI change is recorded on the shared document", async () => {
    const doc = await createDoc(owner);
    const freeEditor = await createTestUser(t);
    const creatorEditor = await createTestUser(t, { plan: "creator" });
    const creatorViewer = await createTestUser(t, { plan: "creator" });
    await invite(owner, doc.id, freeEditor.email, "editor");
    await invite(owner, doc.id, creatorEditor.email, "editor");
    await invite(owner, doc.id, creatorViewer.email, "viewer");
    // The owner's Professional plan does not lend AI to a free collaborator.
    expect((await request(t, "POST", "/api/ai/improve", { user: freeEditor, payload: { text: "This are a draft." } })).statusCode).toBe(402);
    expect((await request(t, "POST", "/api/ai/improve", { user: creatorEditor, payload: { text: "This are a draft." } })).statusCode).toBe(200);
    const suggestion = { documentId: doc.id, originalText: "Chapter one", suggestedText: "Chapter One", type: "improve" };
    expect((await request(t, "POST", "/api/ai/suggestions", { user: creatorEditor, payload: suggestion })).statusCode).toBe(201);
    expect((await request(t, "POST", "/api/ai/suggestions", { user: creatorViewer, payload: suggestion })).statusCode).toBe(404);
  });

  it("refuses bad input with 400: a malformed address, an unknown role, the owner's own address", async () => {
    const doc = await createDoc(owner);
    expect((await invite(owner, doc.id, "not-an-email", "editor")).statusCode).toBe(400);
    expect((await request(t, "POST", `/api/documents/${doc.id}/members`, { user: owner, payload: { email: "a@example.com", role: "admin" } })).statusCode).toBe(400);
    const own = await invite(owner, doc.id, owner.email, "editor");
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: "You own this document already." });
    expect((await request(t, "POST", "/api/invitations/accept", { user: owner, payload: { token: "forged" } })).statusCode).toBe(404);
  });

  it("inviting the same address again changes the role and sends a new link; the old one stops working", async () => {
    const doc = await createDoc(owner);
    const email = `twice-${Date.now()}@example.com`;
    await invite(owner, doc.id, email, "viewer");
    const first = tokenIn((((await lastMailTo(email))!.links as { url: string }[])[0]!).url);
    t.clock.advance(1000);
    const again = await invite(owner, doc.id, email, "editor");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ role: "editor", status: "invited" });
    const second = tokenIn((((await lastMailTo(email))!.links as { url: string }[])[0]!).url);
    expect(second).not.toBe(first);
    const user = await createTestUser(t);
    expect((await request(t, "POST", "/api/invitations/accept", { user, payload: { token: first } })).statusCode).toBe(404);
    expect((await request(t, "POST", "/api/invitations/accept", { user, payload: { token: second } })).json()).toMatchObject({ role: "editor" });
  });

  it("removing a member closes their live editor at once and ends their access; a role change reconnects them read-only", async () => {
    const doc = await createDoc(owner, "Shared draft");
    const demoted = await createTestUser(t);
    const removed = await createTestUser(t);
    const d = (await invite(owner, doc.id, demoted.email, "editor")).json() as Member;
    const r = (await invite(owner, doc.id, removed.email, "editor")).json() as Member;

    const demotedEditor = openEditor(base, doc.id, demoted.token);
    const removedEditor = openEditor(base, doc.id, removed.token);
    editors.push(demotedEditor, removedEditor);
    await synced(demotedEditor);
    await synced(removedEditor);
    expect(plainText(removedEditor.content())).toBe("Shared draft");

    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${r.id}`, { user: owner })).statusCode).toBe(204);
    await expect.poll(() => removedEditor.closedCodes.includes(4403) || removedEditor.authFailed(), { timeout: 10_000 }).toBe(true);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: removed })).statusCode).toBe(404);
    expect((await request(t, "GET", "/api/documents/shared", { user: removed })).json()).toEqual([]);

    expect((await request(t, "PATCH", `/api/documents/${doc.id}/members/${d.id}`, { user: owner, payload: { role: "viewer" } })).json()).toMatchObject({
      role: "viewer",
    });
    await expect.poll(() => demotedEditor.closedCodes.includes(4409), { timeout: 10_000 }).toBe(true);
    // It reconnects by itself, now read-only: what it types never reaches the document.
    await expect.poll(() => demotedEditor.provider.isSynced && demotedEditor.provider.authorizedScope === "readonly", { timeout: 10_000 }).toBe(true);
    demotedEditor.type(" (not allowed)");
    const watcher = openEditor(base, doc.id, owner.token);
    editors.push(watcher);
    await synced(watcher);
    expect(plainText(watcher.content())).toBe("Shared draft");
  });

  it("another user cannot list, change or remove a document's members (404), and nobody signed out can (401)", async () => {
    const doc = await createDoc(owner);
    const m = (await invite(owner, doc.id, `x-${Date.now()}@example.com`, "viewer")).json() as Member;
    const stranger = await createTestUser(t, { plan: "professional" });
    expect((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: stranger })).statusCode).toBe(404);
    expect((await invite(stranger, doc.id, "y@example.com", "viewer")).statusCode).toBe(404);
    expect((await request(t, "PATCH", `/api/documents/${doc.id}/members/${m.id}`, { user: stranger, payload: { role: "editor" } })).statusCode).toBe(404);
    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${m.id}`, { user: stranger })).statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: null })).statusCode).toBe(401);
    const members = (await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as MembersResponse;
    expect(members.members).toEqual([expect.objectContaining({ id: m.id, role: "viewer" })]);
  });
});
