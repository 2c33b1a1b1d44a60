// Members end to end through the API: the owner invites by email (Professional plan only),
// and learns nothing about whether the address has an account; the invitation is pending
// (grants nothing) until the invitee accepts it by the emailed link or under "Shared with
// me", or declines it; the owner may revoke it. Members read or edit by role, never count the
// document against their own limit; the owner changes roles and removes people, and a removed
// member's live editor closes at once.
import { readFileSync } from "node:fs";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { InvitationLookup, Member, MembersResponse, PendingInvitation, SharedWithMe } from "../../shared/contracts/members.js";
import { openEditor, plainText, synced, type TestEditor } from "../collab/provider.test-util.js";
import { documentMembers, mailOutbox, users } from "../db/index.js";
import { withAppAndOwner } from "../documents/documents.test-util.js";
import { createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { inviteAndAccept } from "./members.test-util.js";

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

  const pendingOf = async (user: TestUser) => (await request(t, "GET", "/api/invitations", { user })).json() as PendingInvitation[];
  const sharedOf = async (user: TestUser) => (await request(t, "GET", "/api/documents/shared", { user })).json() as SharedWithMe[];
  const linkTo = async (email: string) => tokenIn(((await lastMailTo(email))!.links as { url: string }[])[0]!.url);

  it("an invitee without an account gets an email; after signing up the invitation waits under Shared with me until they accept it", async () => {
    const doc = await createDoc(owner);
    const email = `new-${Date.now()}@example.com`;
    const res = await invite(owner, doc.id, email.toUpperCase(), "editor");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: "editor", status: "pending", name: null });

    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Olivia Owner shared "Novel" with you');
    const link = (mail!.links as { url: string }[])[0]!.url;
    expect(link).toMatch(/^http:\/\/localhost:3000\/invite\//);
    // The invited address, as stored, for the sign-up form to start with.
    expect(new URL(link).searchParams.get("email")).toBe(email);

    const invitee = await createTestUser(t, { email, fullName: "Ivan Invitee" });
    // Pending: nothing is shared yet, the invitation is listed with the title and who sent it.
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee })).statusCode).toBe(404);
    expect(await sharedOf(invitee)).toEqual([]);
    expect(await pendingOf(invitee)).toEqual([
      expect.objectContaining({ document_id: doc.id, document_title: "Novel", inviter_name: "Olivia Owner", role: "editor" }),
    ]);
    const looked = await request(t, "POST", "/api/invitations/lookup", { user: invitee, payload: { token: tokenIn(link) } });
    expect(looked.json()).toMatchObject({ email, status: "pending", for_you: true, invitation: { document_title: "Novel", inviter_name: "Olivia Owner" } });

    const accepted = await request(t, "POST", "/api/invitations/accept", { user: invitee, payload: { token: tokenIn(link) } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ document_id: doc.id, role: "editor" });

    const read = await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: doc.id, access: "editor" });
    expect(await sharedOf(invitee)).toEqual([expect.objectContaining({ id: doc.id, title: "Novel", role: "editor", owner_name: "Olivia Owner" })]);
    expect(await pendingOf(invitee)).toEqual([]);
    // Not among the invitee's own documents.
    expect((await request(t, "GET", "/api/documents", { user: invitee })).json()).toEqual([]);

    // The link is taken: another account following it gets 404.
    const third = await createTestUser(t);
    expect((await request(t, "POST", "/api/invitations/accept", { user: third, payload: { token: tokenIn(link) } })).statusCode).toBe(404);

    const members = (await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as MembersResponse;
    expect(members.can_invite).toBe(true);
    expect(members.members).toEqual([expect.objectContaining({ email, status: "accepted", name: "Ivan Invitee", role: "editor" })]);
  });

  it("inviting an address with an account answers exactly as for one without: same status, same body, no name, the same email", async () => {
    const doc = await createDoc(owner);
    const known = await createTestUser(t, { email: `known-${Date.now()}@example.com`, fullName: "Private Person" });
    const unknownEmail = `unknown-${Date.now()}@example.com`;
    const a = await invite(owner, doc.id, known.email, "viewer");
    const b = await invite(owner, doc.id, unknownEmail, "viewer");
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(a.statusCode);
    const [ja, jb] = [a.json() as Member, b.json() as Member];
    expect(Object.keys(ja).sort()).toEqual(Object.keys(jb).sort());
    expect(ja).toMatchObject({ email: known.email, name: null, status: "pending", role: "viewer" });
    expect(jb).toMatchObject({ email: unknownEmail, name: null, status: "pending", role: "viewer" });
    expect(a.body).not.toContain("Private Person");
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    // The same email through the same path, never addressed to an account.
    const [ma, mb] = [await lastMailTo(known.email), await lastMailTo(unknownEmail)];
    expect(ma!.subject).toBe(mb!.subject);
    expect(ma!.userId).toBeNull();
    expect(mb!.userId).toBeNull();
    // The owner's list tells them apart by address only, both pending without a name.
    const members = ((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as MembersResponse).members;
    expect(members.map((m) => [m.email, m.status, m.name])).toEqual([
      [known.email, "pending", null],
      [unknownEmail, "pending", null],
    ]);
    // Nothing reached the account holder's documents.
    expect(await sharedOf(known)).toEqual([]);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: known })).statusCode).toBe(404);
  });

  it("a pending invitation grants nothing: no document, no save, no export, no search, no live editor; it is listed as a pending invitation", async () => {
    const doc = await createDoc(owner, "Quokkaberry harvest");
    const invitee = await createTestUser(t);
    await invite(owner, doc.id, invitee.email, "editor");
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee })).statusCode).toBe(404);
    const save = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: invitee, payload: { content: para("pending was here"), version: doc.version } });
    expect(save.statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}/export?format=md`, { user: invitee })).statusCode).toBe(404);
    const found = (await request(t, "GET", "/api/search?q=quokkaberry", { user: invitee })).json() as { results: unknown[] };
    expect(found.results).toEqual([]);
    expect(await sharedOf(invitee)).toEqual([]);
    expect((await pendingOf(invitee)).map((p) => p.document_id)).toEqual([doc.id]);
    const live = openEditor(base, doc.id, invitee.token);
    editors.push(live);
    await expect.poll(() => live.authFailed() || live.closedCodes.length > 0, { timeout: 10_000 }).toBe(true);
    expect(live.provider.isSynced).toBe(false);
  });

  it("accepting from Shared with me grants the role; an account invited under another address keeps the stronger role", async () => {
    const doc = await createDoc(owner);
    const invitee = await createTestUser(t);
    await invite(owner, doc.id, invitee.email, "viewer");
    const [pending] = await pendingOf(invitee);
    const accepted = await request(t, "POST", `/api/invitations/${pending!.id}/accept`, { user: invitee });
    expect(accepted.json()).toEqual({ document_id: doc.id, role: "viewer" });
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee })).json()).toMatchObject({ access: "viewer" });
    expect((await sharedOf(invitee)).map((s) => [s.id, s.role])).toEqual([[doc.id, "viewer"]]);

    // Invited again under a second address as editor: following that link (the link proves the
    // mailbox) while signed in with it is refused, since the account's address differs.
    const alias = `alias-${Date.now()}@example.com`;
    await invite(owner, doc.id, alias, "editor");
    const refused = await request(t, "POST", "/api/invitations/accept", { user: invitee, payload: { token: await linkTo(alias) } });
    expect(refused.statusCode).toBe(403);
  });

  it("declining removes the invitation: gone from the owner's list and from Shared with me, and its link stops working", async () => {
    const doc = await createDoc(owner);
    const byLink = await createTestUser(t);
    const byList = await createTestUser(t);
    await invite(owner, doc.id, byLink.email, "editor");
    await invite(owner, doc.id, byList.email, "viewer");
    const token = await linkTo(byLink.email);
    expect((await request(t, "POST", "/api/invitations/decline", { user: byLink, payload: { token } })).statusCode).toBe(204);
    const [pending] = await pendingOf(byList);
    expect((await request(t, "POST", `/api/invitations/${pending!.id}/decline`, { user: byList })).statusCode).toBe(204);

    expect(((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as MembersResponse).members).toEqual([]);
    expect(await pendingOf(byLink)).toEqual([]);
    expect(await pendingOf(byList)).toEqual([]);
    expect((await request(t, "POST", "/api/invitations/accept", { user: byLink, payload: { token } })).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/invitations/${pending!.id}/accept`, { user: byList })).statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: byLink })).statusCode).toBe(404);
  });

  it("the owner revokes a pending invitation: it leaves the invitee's list and its link stops working", async () => {
    const doc = await createDoc(owner);
    const invitee = await createTestUser(t);
    const m = (await invite(owner, doc.id, invitee.email, "editor")).json() as Member;
    const token = await linkTo(invitee.email);
    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${m.id}`, { user: owner })).statusCode).toBe(204);
    expect(await pendingOf(invitee)).toEqual([]);
    expect((await request(t, "POST", "/api/invitations/lookup", { user: invitee, payload: { token } })).statusCode).toBe(404);
    expect((await request(t, "POST", "/api/invitations/accept", { user: invitee, payload: { token } })).statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: invitee })).statusCode).toBe(404);
  });

  it("another signed-in account cannot accept or decline: a clear 403 by the link, 404 by id, and the invitation stays for the right person", async () => {
    const doc = await createDoc(owner);
    const invitee = await createTestUser(t);
    const other = await createTestUser(t);
    await invite(owner, doc.id, invitee.email, "editor");
    const token = await linkTo(invitee.email);
    const looked = (await request(t, "POST", "/api/invitations/lookup", { user: other, payload: { token } })).json() as InvitationLookup;
    expect(looked).toMatchObject({ for_you: false, status: "pending", email: invitee.email });
    for (const path of ["/api/invitations/accept", "/api/invitations/decline"]) {
      const res = await request(t, "POST", path, { user: other, payload: { token } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: "This invitation was sent to a different email address. Sign in with that address to accept or decline it." });
    }
    const [pending] = await pendingOf(invitee);
    expect(await pendingOf(other)).toEqual([]);
    expect((await request(t, "POST", `/api/invitations/${pending!.id}/accept`, { user: other })).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/invitations/${pending!.id}/decline`, { user: other })).statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: other })).statusCode).toBe(404);
    expect((await request(t, "POST", "/api/invitations/accept", { user: invitee, payload: { token } })).json()).toEqual({ document_id: doc.id, role: "editor" });
    // Signed out: 401.
    expect((await request(t, "GET", "/api/invitations", { user: null })).statusCode).toBe(401);
    expect((await request(t, "POST", "/api/invitations/lookup", { user: null, payload: { token } })).statusCode).toBe(401);
  });

  it("an account whose address is not confirmed sees no invitations under Shared with me", async () => {
    const doc = await createDoc(owner);
    const invitee = await createTestUser(t);
    await t.ctx.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, invitee.id));
    await invite(owner, doc.id, invitee.email, "editor");
    expect(await pendingOf(invitee)).toEqual([]);
  });

  it("members who had access before invitations needed an answer keep it (the migration marks them accepted); no row names an account unless accepted", async () => {
    const doc = await createDoc(owner);
    const earlier = await createTestUser(t, { fullName: "Earlier Member" });
    const now = t.ctx.now();
    // A row as the old code wrote it: bound to the account, with no answer recorded.
    await t.ctx.db.execute(sql`ALTER TABLE document_members DROP CONSTRAINT document_members_accepted_check`);
    await t.ctx.db.insert(documentMembers).values({
      documentId: doc.id,
      email: earlier.email,
      userId: earlier.id,
      role: "editor",
      tokenHash: `legacy-${Date.now()}`,
      invitedBy: owner.id,
      createdAt: now,
      updatedAt: now,
    });
    const migration = readFileSync(new URL("../db/migrations/0180_invitation_consent.sql", import.meta.url), "utf8");
    for (const statement of migration.replace(/^--.*$/gm, "").split(";").map((x) => x.trim()).filter(Boolean)) {
      await t.ctx.db.execute(sql.raw(statement));
    }
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: earlier })).json()).toMatchObject({ access: "editor" });
    const members = ((await request(t, "GET", `/api/documents/${doc.id}/members`, { user: owner })).json() as MembersResponse).members;
    expect(members).toEqual([expect.objectContaining({ email: earlier.email, status: "accepted", name: "Earlier Member" })]);
    // The check is back: an account named on a row without an acceptance is refused.
    const other = await createTestUser(t);
    await expect(
      t.ctx.db.insert(documentMembers).values({ documentId: doc.id, email: other.email, userId: other.id, role: "editor", tokenHash: `x-${Date.now()}`, invitedBy: owner.id }),
    ).rejects.toThrow();
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: other })).statusCode).toBe(404);
  });

  it("a viewer reads but cannot write; an editor writes; neither may delete, share or manage members", async () => {
    const doc = await createDoc(owner);
    const viewer = await createTestUser(t);
    const editor = await createTestUser(t);
    await inviteAndAccept(t, owner, doc.id, viewer, "viewer");
    await inviteAndAccept(t, owner, doc.id, editor, "editor");

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
    for (let i = 0; i < 3; i++) await inviteAndAccept(t, owner, (await createDoc(owner)).id, free, "editor");
    expect(((await request(t, "GET", "/api/documents/shared", { user: free })).json() as unknown[]).length).toBe(3);
    for (let i = 0; i < 3; i++) expect((await request(t, "POST", "/api/documents", { user: free, payload: {} })).statusCode).toBe(201);
    expect((await request(t, "POST", "/api/documents", { user: free, payload: {} })).statusCode).toBe(402);
  });

  it("AI for a collaborator follows the collaborator's own plan, and an editor's accepted AI change is recorded on the shared document", async () => {
    const doc = await createDoc(owner);
    const freeEditor = await createTestUser(t);
    const creatorEditor = await createTestUser(t, { plan: "creator" });
    const creatorViewer = await createTestUser(t, { plan: "creator" });
    await inviteAndAccept(t, owner, doc.id, freeEditor, "editor");
    await inviteAndAccept(t, owner, doc.id, creatorEditor, "editor");
    await inviteAndAccept(t, owner, doc.id, creatorViewer, "viewer");
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
    expect(again.json()).toMatchObject({ role: "editor", status: "pending" });
    const second = tokenIn((((await lastMailTo(email))!.links as { url: string }[])[0]!).url);
    expect(second).not.toBe(first);
    const user = await createTestUser(t, { email });
    expect((await request(t, "POST", "/api/invitations/accept", { user, payload: { token: first } })).statusCode).toBe(404);
    expect((await request(t, "POST", "/api/invitations/accept", { user, payload: { token: second } })).json()).toMatchObject({ role: "editor" });
  });

  it("removing a member closes their live editor at once and ends their access; a role change reconnects them read-only", async () => {
    const doc = await createDoc(owner, "Shared draft");
    const demoted = await createTestUser(t);
    const removed = await createTestUser(t);
    const d = await inviteAndAccept(t, owner, doc.id, demoted, "editor");
    const r = await inviteAndAccept(t, owner, doc.id, removed, "editor");

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

  it("a member whose role changed and who is then removed leaves the others' presence at once", async () => {
    const doc = await createDoc(owner, "Presence");
    const member = await createTestUser(t);
    const m = await inviteAndAccept(t, owner, doc.id, member, "editor");
    const watcher = openEditor(base, doc.id, owner.token);
    const memberEditor = openEditor(base, doc.id, member.token);
    editors.push(watcher, memberEditor);
    await synced(watcher);
    await synced(memberEditor);
    memberEditor.provider.setAwarenessField("user", { name: "Member", color: "#123456" });
    const memberSeen = () => watcher.provider.awareness?.getStates().has(memberEditor.doc.clientID) ?? false;
    await expect.poll(memberSeen, { timeout: 10_000 }).toBe(true);

    // Made a viewer: the member's editor reconnects read-only and is still present.
    await request(t, "PATCH", `/api/documents/${doc.id}/members/${m.id}`, { user: owner, payload: { role: "viewer" } });
    await expect.poll(() => memberEditor.closedCodes.includes(4409), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => memberEditor.provider.isSynced && memberEditor.provider.authorizedScope === "readonly", { timeout: 10_000 }).toBe(true);
    await expect.poll(memberSeen, { timeout: 10_000 }).toBe(true);

    // Removed: gone from the owner's presence well before awareness drops a silent peer (30 s).
    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${m.id}`, { user: owner })).statusCode).toBe(204);
    await expect.poll(() => memberEditor.closedCodes.includes(4403) || memberEditor.authFailed(), { timeout: 10_000 }).toBe(true);
    await expect.poll(memberSeen, { timeout: 5_000 }).toBe(false);
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
