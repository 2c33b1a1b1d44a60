// Comment threads end to end through the API and the live connection: who may read, start,
// reply, edit, delete, resolve and reopen (owner, editor, commenter, viewer, a stranger, a
// share-link visitor with and without "show comments"); a commenter anchors a thread with a
// comment mark live but can change the text neither live nor through a REST save; everyone
// in the document hears of a new reply at once, and a removed member's connection closes.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { ThreadListResponse, ThreadView } from "../../shared/contracts/comments.js";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { Member } from "../../shared/contracts/members.js";
import { withLiveOwner } from "../collab/live-owner.test-util.js";
import { type TestEditor, plainText, synced } from "../collab/provider.test-util.js";
import { FRAGMENT } from "../collab/ydoc.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { docToDocx } from "../export/docx.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestUser, request } from "../test/harness.js";

describe("comment threads", () => {
  let t: TestApp;
  let owner: TestUser;
  const { open } = withLiveOwner((s) => ({ t, owner } = s), { fullName: "Olivia Owner" });

  let anchorSeq = 0;
  const anchor = () => `anchor-${Date.now().toString(36)}-${anchorSeq++}`;
  const list = (user: TestUser | null, id: string, status = "all") => request(t, "GET", `/api/documents/${id}/comments?status=${status}`, { user });
  const startThread = (user: TestUser, id: string, body = "Is this right?", anchorId = anchor()) =>
    request(t, "POST", `/api/documents/${id}/comments`, { user, payload: { anchor_id: anchorId, quote: "Chapter", body } });
  const reply = (user: TestUser, id: string, threadId: string, body: string) =>
    request(t, "POST", `/api/documents/${id}/comments/${threadId}/replies`, { user, payload: { body } });
  const resolve = (user: TestUser, id: string, threadId: string, resolved: boolean) =>
    request(t, "PATCH", `/api/documents/${id}/comments/${threadId}`, { user, payload: { resolved } });

  /** A document with an editor, a commenter and a viewer who accepted, and a stranger. */
  async function team(text = "Chapter one begins here") {
    const doc = await createDocument(t, owner, { title: "Novel", content: paragraphDoc(text) });
    const [editor, commenter, viewer, stranger] = await Promise.all([
      createTestUser(t, { fullName: "Eddie Editor" }),
      createTestUser(t, { fullName: "Cora Commenter" }),
      createTestUser(t, { fullName: "Vic Viewer" }),
      createTestUser(t, { fullName: "Stan Stranger" }),
    ]);
    const members: Record<string, Member> = {};
    for (const [user, role] of [[editor, "editor"], [commenter, "commenter"], [viewer, "viewer"]] as const) {
      members[role] = await inviteAndAccept(t, owner, doc.id, user, role);
    }
    return { doc, editor, commenter, viewer, stranger, members };
  }

  it("owner, editor and commenter start threads and reply; a viewer reads them but may not write; a stranger gets 404", async () => {
    const { doc, editor, commenter, viewer, stranger } = await team();
    const created = await startThread(owner, doc.id, "Is the opening too slow?");
    expect(created.statusCode, created.body).toBe(201);
    const thread = created.json() as ThreadView;
    expect(thread).toMatchObject({ quote: "Chapter", resolved: false, can_resolve: true });
    expect(thread.comments).toEqual([expect.objectContaining({ author_name: "Olivia Owner", body: "Is the opening too slow?", mine: true })]);

    expect((await reply(editor, doc.id, thread.id, "A little.")).statusCode).toBe(201);
    const byCommenter = await reply(commenter, doc.id, thread.id, "I like it slow.");
    expect(byCommenter.statusCode, byCommenter.body).toBe(201);
    expect((await startThread(commenter, doc.id, "Typo here?")).statusCode).toBe(201);

    // A viewer reads everything but writes nothing: a clear 403.
    const seen = (await list(viewer, doc.id)).json() as ThreadListResponse;
    expect(seen.can_comment).toBe(false);
    expect(seen.threads.map((th) => th.comments.map((c) => c.body))).toEqual([
      ["Is the opening too slow?", "A little.", "I like it slow."],
      ["Typo here?"],
    ]);
    expect(seen.threads.every((th) => !th.can_resolve && th.comments.every((c) => !c.mine))).toBe(true);
    const viewerStart = await startThread(viewer, doc.id);
    expect(viewerStart.statusCode).toBe(403);
    expect(viewerStart.json()).toMatchObject({ message: expect.stringContaining("not write") });
    expect((await reply(viewer, doc.id, thread.id, "me too")).statusCode).toBe(403);
    expect((await resolve(viewer, doc.id, thread.id, true)).statusCode).toBe(403);

    // A stranger (and a signed-out caller) learns nothing: 404 / 401, as for a missing document.
    for (const res of [
      await list(stranger, doc.id),
      await startThread(stranger, doc.id),
      await reply(stranger, doc.id, thread.id, "hi"),
      await resolve(stranger, doc.id, thread.id, true),
      await request(t, "PATCH", `/api/documents/${doc.id}/comments/${thread.id}/replies/${thread.comments[0]!.id}`, { user: stranger, payload: { body: "x" } }),
      await request(t, "DELETE", `/api/documents/${doc.id}/comments/${thread.id}/replies/${thread.comments[0]!.id}`, { user: stranger }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await list(null, doc.id)).statusCode).toBe(401);
    // Bad input is a 400 with a reason.
    const empty = await startThread(owner, doc.id, "   ");
    expect(empty.statusCode).toBe(400);
    const badAnchor = await request(t, "POST", `/api/documents/${doc.id}/comments`, { user: owner, payload: { anchor_id: "x y", body: "hi" } });
    expect(badAnchor.statusCode).toBe(400);
    const taken = await startThread(owner, doc.id, "again", thread.anchor_id);
    expect(taken.statusCode).toBe(409);
    // A document in the trash has no comments for anyone.
    expect((await request(t, "DELETE", `/api/documents/${doc.id}`, { user: owner })).statusCode).toBeLessThan(300);
    expect((await list(owner, doc.id)).statusCode).toBe(404);
    expect((await list(editor, doc.id)).statusCode).toBe(404);
  });

  it("each author edits and deletes only their own comment; a thread whose comments are all deleted goes", async () => {
    const { doc, editor, commenter } = await team();
    const thread = (await startThread(commenter, doc.id, "First thought")).json() as ThreadView;
    const replied = (await reply(editor, doc.id, thread.id, "Second thought")).json() as ThreadView;
    const [mine, theirs] = replied.comments;
    const path = (c: { id: string }) => `/api/documents/${doc.id}/comments/${thread.id}/replies/${c.id}`;

    const edited = await request(t, "PATCH", path(mine!), { user: commenter, payload: { body: "First thought, edited" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as ThreadView).comments[0]).toMatchObject({ body: "First thought, edited", edited_at: expect.any(String) });
    // Not their own: 404, even for the owner.
    expect((await request(t, "PATCH", path(theirs!), { user: commenter, payload: { body: "hijack" } })).statusCode).toBe(404);
    expect((await request(t, "DELETE", path(mine!), { user: owner })).statusCode).toBe(404);

    const afterDelete = await request(t, "DELETE", path(mine!), { user: commenter });
    expect(afterDelete.statusCode).toBe(200);
    expect((afterDelete.json() as ThreadView).comments.map((c) => [c.deleted, c.body])).toEqual([
      [true, null],
      [false, "Second thought"],
    ]);
    // Deleted is deleted: no second delete or edit.
    expect((await request(t, "PATCH", path(mine!), { user: commenter, payload: { body: "back" } })).statusCode).toBe(404);
    expect((await request(t, "DELETE", path(theirs!), { user: editor })).statusCode).toBe(204);
    expect(((await list(owner, doc.id)).json() as ThreadListResponse).threads).toEqual([]);
  });

  it("the owner, editors and the thread's author resolve and reopen; the filter lists open or resolved threads", async () => {
    const { doc, editor, commenter, viewer } = await team();
    const other = await createTestUser(t, { fullName: "Other Commenter" });
    await inviteAndAccept(t, owner, doc.id, other, "commenter");
    const a = (await startThread(commenter, doc.id, "Thread A")).json() as ThreadView;
    const b = (await startThread(owner, doc.id, "Thread B")).json() as ThreadView;
    // Another commenter may not resolve someone else's thread.
    const refused = await resolve(other, doc.id, a.id, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining("resolve") });
    const byAuthor = await resolve(commenter, doc.id, a.id, true);
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(byAuthor.json()).toMatchObject({ resolved: true, resolved_by_name: "Cora Commenter" });
    expect((await resolve(commenter, doc.id, b.id, true)).statusCode).toBe(403);
    expect((await resolve(editor, doc.id, b.id, true)).json()).toMatchObject({ resolved: true, resolved_by_name: "Eddie Editor" });

    const ids = async (status: string, user = viewer) => ((await list(user, doc.id, status)).json() as ThreadListResponse).threads.map((th) => th.id);
    expect(await ids("open")).toEqual([]);
    expect(await ids("resolved")).toEqual([a.id, b.id]);
    expect(((await list(viewer, doc.id, "open")).json() as ThreadListResponse).open_count).toBe(0);
    expect((await resolve(owner, doc.id, a.id, false)).json()).toMatchObject({ resolved: false, resolved_by_name: null });
    expect(await ids("open")).toEqual([a.id]);
    expect(await ids("resolved")).toEqual([b.id]);
    expect(await ids("all")).toEqual([a.id, b.id]);
    expect((await list(viewer, doc.id, "done")).statusCode).toBe(400);
  });

  it("share-link visitors see no comments unless the owner shows them, and never write", async () => {
    const { doc } = await team();
    await startThread(owner, doc.id, "Visible to visitors?");
    expect((await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: owner, payload: { isPublic: true } })).json()).toMatchObject({ showComments: false });
    const shared = await request(t, "GET", `/api/shared/${doc.id}`);
    expect(shared.json()).toMatchObject({ show_comments: false });
    const token = shared.headers["x-share-token"] as string;
    const visitorList = () => request(t, "GET", `/api/shared/${doc.id}/comments`, { headers: { "x-share-token": token } });
    expect((await visitorList()).statusCode).toBe(404);
    // The visitor's share token grants nothing on the signed-in routes.
    expect((await request(t, "GET", `/api/documents/${doc.id}/comments`, { headers: { "x-share-token": token } })).statusCode).toBe(401);

    const settings = await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: owner, payload: { showComments: true } });
    expect(settings.json()).toMatchObject({ showComments: true });
    expect((await request(t, "GET", `/api/shared/${doc.id}`)).json()).toMatchObject({ show_comments: true });
    const seen = await visitorList();
    expect(seen.statusCode, seen.body).toBe(200);
    const body = seen.json() as ThreadListResponse;
    expect(body.can_comment).toBe(false);
    expect(body.threads.map((th) => [th.comments[0]!.body, th.can_resolve, th.comments[0]!.mine])).toEqual([["Visible to visitors?", false, false]]);
    // Only the owner may change the setting; a private link shows nothing again.
    await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: owner, payload: { isPublic: false } });
    expect((await visitorList()).statusCode).toBe(404);
  });

  it("a commenter anchors a thread with a comment mark live, but cannot change the text live or through a REST save", async () => {
    const { doc, commenter, editor } = await team("Chapter one begins here");
    const mine = open(doc.id, commenter);
    const watcher = open(doc.id, editor);
    await Promise.all([synced(mine), synced(watcher)]);
    const text = () => (mine.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const threadAnchor = anchor();
    text().format(0, 7, { comment: { threadId: threadAnchor } });
    const markOf = (d: ReturnType<TestEditor["content"]>) => d.content![0]!.content![0]!;
    await expect.poll(() => markOf(watcher.content()), { timeout: 10_000 }).toEqual({ type: "text", text: "Chapter", marks: [{ type: "comment", attrs: { threadId: threadAnchor } }] });
    expect((await startThread(commenter, doc.id, "Why this word?", threadAnchor)).statusCode).toBe(201);
    // And it is stored with the document (the anchor travels with the content).
    await expect
      .poll(async () => JSON.stringify(((await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord).content), { timeout: 15_000 })
      .toContain(threadAnchor);
    expect(mine.closedCodes).toEqual([]);

    // Typing is refused whole: the commenter's connection closes with "change refused"; nobody else sees it.
    mine.type(" and a commenter's words");
    await expect.poll(() => mine.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(plainText(watcher.content())).toBe("Chapter one begins here");

    // Through the REST save path: refused like a viewer (404), the text unchanged.
    const read = (await request(t, "GET", `/api/documents/${doc.id}`, { user: commenter })).json() as DocumentRecord;
    expect(read.access).toBe("commenter");
    const saved = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: commenter, payload: { content: paragraphDoc("Rewritten"), version: read.version } });
    expect(saved.statusCode).toBe(404);
    // Nor through the keepalive update route.
    const update = Buffer.from(Y.encodeStateAsUpdate(mine.doc)).toString("base64");
    expect((await request(t, "POST", `/api/documents/${doc.id}/updates`, { user: commenter, payload: { update } })).statusCode).toBe(400);
    expect(plainText(watcher.content())).toBe("Chapter one begins here");
    const stored = (await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord;
    expect(plainText(stored.content)).toBe("Chapter one begins here");
    mine.destroy();
  });

  it("a commenter's removal of a comment mark is accepted; other formatting from a commenter is refused", async () => {
    const { doc, commenter, editor } = await team("Alpha beta gamma");
    const id = anchor();
    const ed = open(doc.id, editor);
    await synced(ed);
    ((ed.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 5, { comment: { threadId: id } });
    const cm = open(doc.id, commenter);
    await synced(cm);
    await expect.poll(() => JSON.stringify(cm.content()), { timeout: 10_000 }).toContain(id);
    const text = () => (cm.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text().format(0, 5, { comment: null });
    await expect.poll(() => JSON.stringify(ed.content()), { timeout: 10_000 }).not.toContain(id);
    text().format(6, 4, { bold: {} });
    await expect.poll(() => cm.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(JSON.stringify(ed.content())).not.toContain("bold");
    cm.destroy();
  });

  it("a new reply reaches everyone in the document at once; a removed member's connection closes and their reads are 404", async () => {
    const { doc, commenter, viewer, members } = await team();
    const thread = (await startThread(owner, doc.id, "Ping")).json() as ThreadView;
    const [v, c] = [open(doc.id, viewer), open(doc.id, commenter)];
    await Promise.all([synced(v), synced(c)]);
    expect((await reply(commenter, doc.id, thread.id, "Pong")).statusCode).toBe(201);
    for (const e of [v, c]) {
      await expect.poll(() => e.notices.some((n) => n.type === "comments" && n.threadId === thread.id), { timeout: 10_000 }).toBe(true);
    }
    // The notice carries no comment text: each reader fetches under their own access.
    expect(JSON.stringify(v.notices)).not.toContain("Pong");

    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${members.viewer!.id}`, { user: owner })).statusCode).toBe(204);
    await expect.poll(() => v.closedCodes.includes(COLLAB_CLOSE.accessEnded), { timeout: 10_000 }).toBe(true);
    expect((await list(viewer, doc.id)).statusCode).toBe(404);
    // A commenter made viewer reconnects with the new role and may no longer write comments.
    await request(t, "PATCH", `/api/documents/${doc.id}/members/${members.commenter!.id}`, { user: owner, payload: { role: "viewer" } });
    await expect.poll(() => c.closedCodes.includes(COLLAB_CLOSE.accessChanged), { timeout: 10_000 }).toBe(true);
    expect((await reply(commenter, doc.id, thread.id, "still here?")).statusCode).toBe(403);
  });

  it("a Word file's comments become threads of the imported document, and its Word export writes them back", async () => {
    const anchorId = "0f0e0d0c-0b0a-4908-8706-050403020100";
    const content = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Intro " }, { type: "text", text: "needs work", marks: [{ type: "comment", attrs: { threadId: anchorId } }] }] }],
    };
    const bytes = await docToDocx(content, {
      title: "Draft",
      comments: [{ anchorId, resolved: false, comments: [{ author: "Word Reviewer", date: new Date("2026-01-02T03:04:05Z"), body: "Tighten this." }] }],
    });
    const imported = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name: "draft.docx", data: bytes.toString("base64") }] } });
    expect(imported.statusCode, imported.body).toBe(201);
    const id = (imported.json() as { results: { id: string }[] }).results[0]!.id;
    const threads = ((await list(owner, id)).json() as ThreadListResponse).threads;
    expect(threads).toEqual([
      expect.objectContaining({ quote: "needs work", resolved: false, comments: [expect.objectContaining({ author_name: "Word Reviewer", body: "Tighten this.", mine: false })] }),
    ]);
    const doc = (await request(t, "GET", `/api/documents/${id}`, { user: owner })).json() as DocumentRecord;
    expect(JSON.stringify(doc.content)).toContain(threads[0]!.anchor_id);
    // The owner replies; the Word export carries both.
    await reply(owner, id, threads[0]!.id, "Done, shorter now.");
    const exported = await request(t, "GET", `/api/documents/${id}/export?format=docx`, { user: owner });
    expect(exported.statusCode).toBe(200);
    const JSZip = (await import("jszip")).default;
    const xml = await (await JSZip.loadAsync(exported.rawPayload)).file("word/comments.xml")!.async("string");
    expect(xml).toContain("Tighten this.");
    expect(xml).toContain("Done, shorter now.");
    // Markdown leaves them out.
    const md = await request(t, "GET", `/api/documents/${id}/export?format=md`, { user: owner });
    expect(md.body).not.toContain(threads[0]!.anchor_id);
  });
});
