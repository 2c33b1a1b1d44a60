// A pending suggestion is not yet the writer's text: the stored plain text (text_content),
// the list's word count and excerpt, and search read the document as exports do — words a
// suggestion would add are left out, words it would remove are kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord, DocumentSummary } from "../../shared/contracts/documents.js";
import type { SearchResponse } from "../../shared/contracts/search.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";

const ins = { type: "suggestionInsert", attrs: { id: "g1-0", group: "g1" } };
const del = { type: "suggestionDelete", attrs: { id: "g1-0", group: "g1" } };

/** "The quarrelsome heron waited." with "quarrelsome" struck and "quixotic" suggested, plus a suggested paragraph. */
const withPending = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "The " },
        { type: "text", text: "quarrelsome", marks: [del] },
        { type: "text", text: "quixotic", marks: [ins, { type: "bold" }] },
        { type: "text", text: " heron waited." },
      ],
    },
    { type: "paragraph", content: [{ type: "text", text: "Zanzibarian lagoons shimmered brightly.", marks: [ins] }] },
  ],
};

describe("stored text of a document with pending suggestions", () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => t.close());

  const search = async (q: string) => {
    const res = await request(t, "GET", `/api/search?${new URLSearchParams({ q })}`, { user: alice });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchResponse).results.map((r) => r.id);
  };

  it("saves text_content, word count, excerpt and search without the suggested words", async () => {
    const created = await request(t, "POST", "/api/documents", { user: alice, payload: { title: "Heron", content: { type: "doc", content: [] } } });
    expect(created.statusCode).toBe(201);
    const doc = created.json() as DocumentRecord;
    const saved = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: alice, payload: { content: withPending, version: doc.version } });
    expect(saved.statusCode, saved.body).toBe(200);

    const [row] = await t.database.sql.query<{ text_content: string; word_count: number; content: typeof withPending }>(
      "SELECT text_content, word_count, content FROM documents WHERE id = $1",
      [doc.id],
    );
    expect(row!.text_content).toBe("The quarrelsome heron waited.");
    expect(row!.word_count).toBe(4);
    // The suggestion itself is kept in the document for the writer to decide.
    expect(JSON.stringify(row!.content)).toContain("quixotic");

    const list = (await request(t, "GET", "/api/documents", { user: alice })).json() as DocumentSummary[];
    expect(list.find((d) => d.id === doc.id)).toMatchObject({ word_count: 4, excerpt: "The quarrelsome heron waited." });

    expect(await search("quarrelsome")).toEqual([doc.id]);
    expect(await search("quixotic")).toEqual([]);
    expect(await search("Zanzibarian")).toEqual([]);
  });
});
