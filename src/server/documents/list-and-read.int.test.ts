// The dashboard's list and the editor's read, as a client receives them: the list carries
// summaries (word count, excerpt, no content) a page at a time with a Link to the next page;
// a read answers with the content and an ETag, and the same version again is a 304.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord, DocumentSummary } from "../../shared/contracts/documents.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";

const paras = (...texts: string[]) => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

describe("document list and read", () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => t.close());

  const create = async (title: string, content?: object) => {
    const res = await request(t, "POST", "/api/documents", { user: alice, payload: { title, ...(content ? { content } : {}) } });
    expect(res.statusCode).toBe(201);
    return res.json() as DocumentRecord;
  };

  it("lists summaries without content: word count and the text's start, whatever the document's length", async () => {
    const long = "word ".repeat(20_000).trim();
    await create("Novel", paras("Chapter  one", long));
    const res = await request(t, "GET", "/api/documents", { user: alice });
    expect(res.statusCode).toBe(200);
    const [novel] = res.json() as DocumentSummary[];
    expect(novel).toMatchObject({ title: "Novel", word_count: 20_002 });
    expect(novel).not.toHaveProperty("content");
    // Blocks stay apart on the card: the heading paragraph, a separator, then the next one.
    expect(novel!.excerpt.startsWith("Chapter one · word word")).toBe(true);
    expect(novel!.excerpt.length).toBeLessThanOrEqual(160);
    // 20,002 words of content, a list entry of a few hundred bytes.
    expect(res.body.length).toBeLessThan(1000);
  });

  it("pages through the list newest first, with a Link to the next page and none after the last", async () => {
    const user = await createTestUser(t, { plan: "professional" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      ids.push(((await request(t, "POST", "/api/documents", { user, payload: { title: `D${i}` } })).json() as DocumentRecord).id);
    }
    const seen: string[] = [];
    let url: string | null = "/api/documents?limit=2";
    let pages = 0;
    while (url) {
      const res = await request(t, "GET", url, { user });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as DocumentSummary[]).map((d) => d.title));
      const link = res.headers.link as string | undefined;
      url = link ? link.match(/<([^>]+)>; rel="next"/)![1]! : null;
      pages++;
    }
    expect(seen).toEqual(["D4", "D3", "D2", "D1", "D0"]);
    expect(pages).toBe(3);
    expect((await request(t, "GET", "/api/documents?cursor=not-a-cursor", { user })).statusCode).toBe(400);
    expect((await request(t, "GET", "/api/documents?limit=0", { user })).statusCode).toBe(400);
  });

  it("a read carries an ETag; the same version again is a 304 without a body, a changed one a 200", async () => {
    const doc = await create("Tagged", paras("First draft"));
    const first = await request(t, "GET", `/api/documents/${doc.id}`, { user: alice });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.json()).toMatchObject({ id: doc.id, content: paras("First draft"), access: "owner" });

    const again = await request(t, "GET", `/api/documents/${doc.id}`, { user: alice, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await request(t, "PATCH", `/api/documents/${doc.id}`, { user: alice, payload: { content: paras("Second draft"), version: doc.version } });
    const changed = await request(t, "GET", `/api/documents/${doc.id}`, { user: alice, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ content: paras("Second draft") });

    // Share settings are part of the record too: changing them changes the tag.
    const tagged = changed.headers.etag as string;
    await request(t, "PUT", `/api/documents/${doc.id}/share`, { user: alice, payload: { isPublic: true } });
    expect((await request(t, "GET", `/api/documents/${doc.id}`, { user: alice, headers: { "if-none-match": tagged } })).statusCode).toBe(200);
  });

  it("sorts by last edit, creation or title, pages each way, counts the total, and pins to the top", async () => {
    const user = await createTestUser(t, { plan: "professional" });
    const titles = ["banana", "Apple", "cherry"];
    const ids: string[] = [];
    for (const title of titles) {
      t.clock.advance(1000);
      ids.push(((await request(t, "POST", "/api/documents", { user, payload: { title } })).json() as DocumentRecord).id);
    }
    // Edited last: banana.
    t.clock.advance(1000);
    await request(t, "PATCH", `/api/documents/${ids[0]}`, { user, payload: { title: "banana", content: paras("ripe"), version: 1 } });
    const all = async (url: string) => {
      const seen: string[] = [];
      let next: string | null = url;
      while (next) {
        const res = await request(t, "GET", next, { user });
        expect(res.statusCode).toBe(200);
        expect(res.headers["x-total-count"]).toBe("3");
        seen.push(...(res.json() as DocumentSummary[]).map((d) => d.title));
        const link = res.headers.link as string | undefined;
        next = link ? link.match(/<([^>]+)>; rel="next"/)![1]! : null;
      }
      return seen;
    };
    expect(await all("/api/documents?limit=2")).toEqual(["banana", "cherry", "Apple"]);
    expect(await all("/api/documents?limit=2&sort=created")).toEqual(["cherry", "Apple", "banana"]);
    expect(await all("/api/documents?limit=1&sort=title")).toEqual(["Apple", "banana", "cherry"]);
    expect((await request(t, "GET", "/api/documents?sort=size", { user })).statusCode).toBe(400);

    expect((await request(t, "PUT", `/api/documents/${ids[2]}/pin`, { user })).statusCode).toBe(204);
    expect(await all("/api/documents?pinned=true")).toEqual(["cherry"]);
    expect(await all("/api/documents?pinned=false&sort=title")).toEqual(["Apple", "banana"]);
    const listed = (await request(t, "GET", "/api/documents", { user })).json() as DocumentSummary[];
    expect(listed.find((d) => d.title === "cherry")?.pinned).toBe(true);
    expect((await request(t, "DELETE", `/api/documents/${ids[2]}/pin`, { user })).statusCode).toBe(204);
    expect(await all("/api/documents?pinned=true")).toEqual([]);
    // Another user cannot pin someone's document.
    const other = await createTestUser(t);
    expect((await request(t, "PUT", `/api/documents/${ids[0]}/pin`, { user: other })).statusCode).toBe(404);
  });
});
