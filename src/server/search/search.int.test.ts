// Search through the API: own documents and those shared with the caller, never anyone
// else's nor a trashed one; prefix, phrase, title-first ranking, marked snippets, and hostile
// input that is a 4xx or a result, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { SearchResponse, SearchResult } from "../../shared/contracts/search.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { SEARCH_REFRESH_QUIET_MS, refreshRestingVectors } from "./refresh.js";

const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

describe("search", () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { plan: "professional" });
    member = await createTestUser(t, { plan: "professional" });
    stranger = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (user: TestUser, title: string, text: string) => {
    const res = await request(t, "POST", "/api/documents", { user, payload: { title, content: para(text) } });
    expect(res.statusCode).toBe(201);
    return res.json() as DocumentRecord;
  };
  const search = async (user: TestUser, q: string, limit?: number) => {
    const qs = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
    const res = await request(t, "GET", `/api/search?${qs}`, { user });
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return (res.json() as SearchResponse).results;
  };
  const ids = (results: SearchResult[]) => results.map((r) => r.id);
  const marked = (r: SearchResult | undefined) => r?.snippet.filter((s) => s.mark).map((s) => s.text);

  it("finds own and shared documents, never another user's nor a trashed one", async () => {
    const mine = await create(owner, "Lighthouse notes", "The keeper climbed the stairs of the zephyrine tower at dusk.");
    const trashed = await create(owner, "Old draft", "A zephyrine draft that went to the trash.");
    const shared = await create(stranger, "Shared story", "Someone else wrote about a zephyrine sky.");
    const hidden = await create(stranger, "Private story", "A private zephyrine secret.");
    await inviteAndAccept(t, stranger, shared.id, owner, "viewer");
    expect((await request(t, "DELETE", `/api/documents/${trashed.id}`, { user: owner })).statusCode).toBeLessThan(300);

    const found = await search(owner, "zephyrine");
    expect(ids(found).sort()).toEqual([mine.id, shared.id].sort());
    expect(found.find((r) => r.id === shared.id)?.access).toBe("viewer");
    expect(found.find((r) => r.id === mine.id)?.access).toBe("owner");
    expect(ids(found)).not.toContain(hidden.id);

    // The member never sees the owner's documents and vice versa.
    expect(ids(await search(member, "zephyrine"))).toEqual([]);
    expect(ids(await search(stranger, "zephyrine")).sort()).toEqual([shared.id, hidden.id].sort());
  });

  it("finds comment text for the owner and members, with the thread to open; not deleted comments, strangers, removed members or trashed documents", async () => {
    const doc = await create(owner, "Field report", "The survey covered the northern ridge.");
    const other = await create(owner, "Second report", "Nothing about it here.");
    const commenter = await createTestUser(t, { plan: "professional" });
    const membership = await inviteAndAccept(t, owner, doc.id, commenter, "commenter");
    const thread = await request(t, "POST", `/api/documents/${doc.id}/comments`, {
      user: commenter,
      payload: { anchor_id: "anchor-quillwort-1", quote: "northern ridge", body: "Check the quillwort counts again." },
    });
    expect(thread.statusCode).toBe(201);
    const threadId = (thread.json() as { id: string }).id;
    const deleted = await request(t, "POST", `/api/documents/${other.id}/comments`, {
      user: owner,
      payload: { anchor_id: "anchor-quillwort-2", quote: "", body: "A quillwort note deleted later." },
    });
    const deletedThread = deleted.json() as { id: string; comments: Array<{ id: string }> };
    expect((await request(t, "DELETE", `/api/documents/${other.id}/comments/${deletedThread.id}/replies/${deletedThread.comments[0]!.id}`, { user: owner })).statusCode).toBe(204);

    for (const user of [owner, commenter]) {
      const found = await search(user, "quillwort");
      expect(ids(found), "only the document whose live comment matched").toEqual([doc.id]);
      expect(found[0]!.comment?.thread_id).toBe(threadId);
      expect(found[0]!.comment?.snippet.filter((r) => r.mark).map((r) => r.text)).toEqual(["quillwort"]);
      expect(found[0]!.comment?.snippet.map((r) => r.text).join("")).toBe("Check the quillwort counts again.");
    }
    expect((await search(owner, "quillwort")).map((r) => r.access)).toEqual(["owner"]);
    expect((await search(commenter, "quillwort")).map((r) => r.access)).toEqual(["commenter"]);
    // A document found by its text has no comment part unless a comment matched too.
    expect((await search(owner, "northern")).find((r) => r.id === doc.id)?.comment).toBeNull();
    expect(await search(stranger, "quillwort")).toEqual([]);

    expect((await request(t, "DELETE", `/api/documents/${doc.id}/members/${membership.id}`, { user: owner })).statusCode).toBe(204);
    expect(await search(commenter, "quillwort")).toEqual([]);
    expect((await request(t, "DELETE", `/api/documents/${doc.id}`, { user: owner })).statusCode).toBeLessThan(300);
    expect(await search(owner, "quillwort")).toEqual([]);
  });

  it("matches the last word as a prefix while typing, and quoted words as a phrase", async () => {
    const a = await create(member, "Harbour", "The quick brown fox jumps over the lazy dog near the quillwort pond.");
    const b = await create(member, "Meadow", "A brown quick fox sleeps; nothing jumps.");
    expect(ids(await search(member, "quillw"))).toEqual([a.id]);
    expect(ids(await search(member, "quick bro")).sort()).toEqual([a.id, b.id].sort());
    expect(ids(await search(member, '"quick brown"'))).toEqual([a.id]);
    expect(ids(await search(member, '"brown quick" fox'))).toEqual([b.id]);
    // A phrase still being typed: its last word is a prefix.
    expect(ids(await search(member, '"lazy do'))).toEqual([a.id]);
  });

  it("ranks a title match first and marks the matched words in title and snippet", async () => {
    const body = await create(owner, "Notes", "Marmalade appears once here in the text, marmalade twice even, and marmalade three times.");
    const title = await create(owner, "Marmalade recipes", "Oranges, sugar and patience.");
    const found = await search(owner, "marmalade");
    expect(ids(found)).toEqual([title.id, body.id]);
    expect(found[0]!.title_highlight).toEqual([
      { text: "Marmalade", mark: true },
      { text: " recipes", mark: false },
    ]);
    expect(marked(found[1])).toEqual(["Marmalade", "marmalade", "marmalade"]);
    expect(found[1]!.snippet.map((s) => s.text).join("")).toContain("appears once here");
  });

  it("sends markup in a document as text, never as HTML", async () => {
    await create(owner, "<b>Bold</b> title", "<img src=x onerror=alert(1)> glimmerstone");
    const [hit] = await search(owner, "glimmerstone");
    // Plain runs of text (ts_headline's parser drops what looks like a tag's start).
    expect(hit?.snippet.at(-1)).toEqual({ text: "glimmerstone", mark: true });
    expect(hit?.snippet[0]).toEqual({ text: "onerror=alert(1)> ", mark: false });
    expect(hit?.title).toBe("<b>Bold</b> title");
  });

  it("answers empty or punctuation-only input with no results, too long with a 400, hostile input never with a 500", async () => {
    await create(owner, "Hostile", "Plain words for hostile queries: alpha beta gamma.");
    expect(await search(owner, "")).toEqual([]);
    expect(await search(owner, "   ")).toEqual([]);
    expect(await search(owner, "&|!():* \\ ' \" <-> !!")).toEqual([]);
    expect((await request(t, "GET", `/api/search?q=${"a".repeat(201)}`, { user: owner })).statusCode).toBe(400);
    expect((await request(t, "GET", "/api/search?q=alpha&limit=0", { user: owner })).statusCode).toBe(400);
    expect((await request(t, "GET", "/api/search?q=alpha&limit=abc", { user: owner })).statusCode).toBe(400);
    expect((await request(t, "GET", "/api/search?q=alpha", { user: null })).statusCode).toBe(401);
    for (const q of ["alpha'", "alpha\\", "al&pha|beta", "!alpha", "(alpha", "alpha:*", "alpha:A", "'alpha' & 'beta'", '"alpha', 'alpha"beta"', "a\u0000b", "gamma <-> beta", "🙂 alpha", "x".repeat(200)]) {
      const res = await request(t, "GET", `/api/search?q=${encodeURIComponent(q)}`, { user: owner });
      expect([200, 400], `${JSON.stringify(q)}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    // A lone surrogate, sent as the raw bytes a browser never would.
    expect((await request(t, "GET", "/api/search?q=%ED%A0%80", { user: owner })).statusCode).toBeLessThan(500);
    expect(ids(await search(owner, "al&pha|beta"))).toHaveLength(0);
    expect(await search(owner, "alpha:*")).toHaveLength(1);
    expect((await request(t, "GET", "/api/search?q=a&q=b", { user: owner })).statusCode).toBe(400);
  });

  it("keeps the vector in step with saves and limits the page", async () => {
    const doc = await create(member, "Draft", "nothing here yet");
    expect(await search(member, "xylophonic")).toEqual([]);
    const saved = await request(t, "PATCH", `/api/documents/${doc.id}`, {
      user: member,
      payload: { title: "Draft", content: para("a xylophonic passage"), version: doc.version },
    });
    expect(saved.statusCode).toBe(200);
    expect(ids(await search(member, "xylophonic"))).toEqual([doc.id]);
    for (let i = 0; i < 3; i++) await create(member, `Many ${i}`, "repeated pumpernickel");
    expect(await search(member, "pumpernickel", 2)).toHaveLength(2);
  });

  it("finds what the latest save says, not what an earlier one said, for the owner and for a member", async () => {
    const doc = await create(owner, "Garden log", "The quinceberry hedge needs water.");
    await inviteAndAccept(t, owner, doc.id, member, "viewer");
    // Several autosaves in a row, the last renaming the document too.
    let version = doc.version;
    for (const [title, text] of [
      ["Garden log", "The marrowgrass bed needs water."],
      ["Garden log", "The marrowgrass bed needs shade."],
      ["Orchard log", "The tamarillo row needs shade."],
    ]) {
      const saved = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title, content: para(text!), version } });
      expect(saved.statusCode).toBe(200);
      version = (saved.json() as DocumentRecord).version;
    }
    // The member searches first: the vector they refresh is the one the owner then reads.
    expect(ids(await search(member, "tamarillo"))).toEqual([doc.id]);
    expect(ids(await search(owner, "tamarillo"))).toEqual([doc.id]);
    expect(ids(await search(owner, "orchard"))).toEqual([doc.id]);
    for (const gone of ["quinceberry", "marrowgrass", "garden"]) {
      expect(ids(await search(owner, gone)), gone).toEqual([]);
      expect(ids(await search(member, gone)), gone).toEqual([]);
    }
  });

  it("refreshes in the background the vectors of documents that have rested a minute, not of those still being written", async () => {
    const resting = await create(owner, "Resting", "first words");
    const busy = await create(owner, "Busy", "first words");
    const saveText = async (doc: DocumentRecord, text: string) => {
      const res = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title: doc.title, content: para(text), version: doc.version } });
      expect(res.statusCode).toBe(200);
    };
    await saveText(resting, "a zanthoxylum grove");
    t.clock.advance(SEARCH_REFRESH_QUIET_MS + 1000);
    await saveText(busy, "a zanthoxylum hedge");
    const stale = async () =>
      (await t.ctx.database.sql.query<{ id: string }>(`select id from documents where search_stale and id in ($1, $2) order by title`, [resting.id, busy.id])).map((r) => r.id);
    expect(await stale()).toEqual([busy.id, resting.id]);
    expect(await refreshRestingVectors(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stale()).toEqual([busy.id]);
    // The search itself still brings the busy one up to date.
    expect(ids(await search(owner, "zanthoxylum")).sort()).toEqual([resting.id, busy.id].sort());
    expect(await stale()).toEqual([]);
  });
});
