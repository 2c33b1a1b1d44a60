// Line wrapping in PDFs downloaded from the export routes: the wrapping fixtures that the
// document schema accepts, saved and exported (GET) or sent as unsaved content (POST),
// read back with `pdftotext -bbox` (see pdf-wrap.test-util.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateDocContent } from "../../shared/editor/validate.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { FIXTURES, readBack } from "./pdf-wrap.test-util.js";

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t);
});
afterAll(() => t?.close());

const accepted = FIXTURES.filter((f) => validateDocContent(f.doc).ok);

describe("PDF export routes: wrapped lines", () => {
  it("has most wrapping fixtures in a shape the schema accepts", () => {
    expect(accepted.length).toBeGreaterThanOrEqual(FIXTURES.length - 2);
  });

  it.each(accepted.map((f) => [f.name, f] as const))("%s: POST /api/export gives a PDF with no overlapping words and every word once", async (_, fixture) => {
    const title = fixture.title ?? fixture.name;
    const res = await request(t, "POST", "/api/export", {
      user: owner,
      payload: { format: "pdf", title, content: fixture.doc, pageSize: fixture.pageSize ?? "a4" },
    });
    expect(res.statusCode).toBe(200);
    const result = readBack(res.rawPayload, fixture.doc, title);
    expect(result.overlaps).toEqual([]);
    expect(result.order).toBe("");
  });

  it("a saved document of every accepted fixture downloads (GET, US Letter) with no overlapping words and every word once", async () => {
    const content = { type: "doc", content: accepted.flatMap((f) => f.doc.content ?? []) };
    const title = "Well-known, up-to-date, state-of-the-art export";
    const created = await request(t, "POST", "/api/documents", { user: owner, payload: { title, content } });
    expect(created.statusCode).toBe(201);
    const res = await request(t, "GET", `/api/documents/${created.json().id}/export?format=pdf&pageSize=letter`, { user: owner });
    expect(res.statusCode).toBe(200);
    const result = readBack(res.rawPayload, content, title);
    expect(result.overlaps).toEqual([]);
    expect(result.order).toBe("");
    expect(result.words).toBeGreaterThan(2000);
  });
});
