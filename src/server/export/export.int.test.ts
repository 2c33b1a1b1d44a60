import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KITCHEN_SINK, KITCHEN_SINK_WORDS } from "../../shared/export/fixtures.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { paragraphDoc } from "../documents/documents.test-util.js";

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let docId: string;
const today = () => t.ctx.now().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t);
  other = await createTestUser(t);
  const res = await request(t, "POST", "/api/documents", { user: owner, payload: { title: "Q3 Report: Ünïcode", content: KITCHEN_SINK } });
  expect(res.statusCode).toBe(201);
  docId = res.json().id;
});
afterAll(() => t?.close());

const exportUrl = (format: string, id = docId) => `/api/documents/${id}/export?format=${format}`;

function pdfText(body: Buffer): string {
  const file = path.join(os.tmpdir(), `export-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, body);
  try {
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("GET /api/documents/:id/export", () => {
  it.each([
    ["md", "text/markdown; charset=utf-8"],
    ["html", "text/html; charset=utf-8"],
    ["txt", "text/plain; charset=utf-8"],
    ["pdf", "application/pdf"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("gives the owner a %s file with its type and an attachment name", async (format, type) => {
    const res = await request(t, "GET", exportUrl(format), { user: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(type);
    const name = `q3_report__ünïcode_${today()}.${format}`;
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="q3_report___n_code_${today()}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.rawPayload.length).toBeGreaterThan(100);
  });

  it("writes the document's content into every format", async () => {
    const get = (format: string) => request(t, "GET", exportUrl(format), { user: owner });
    const md = (await get("md")).body;
    expect(md).toContain("# Quarterly Report");
    expect(md).toContain("[Example site](https://example.com/a?b=1)");
    const html = (await get("html")).body;
    expect(html).toContain("<title>Q3 Report: Ünïcode</title>");
    const txt = (await get("txt")).body;
    const pdf = pdfText((await get("pdf")).rawPayload).replace(/\s+/g, " ");
    const docx = (await mammoth.convertToHtml({ buffer: (await get("docx")).rawPayload })).value;
    for (const word of KITCHEN_SINK_WORDS) {
      expect(txt).toContain(word);
      expect(pdf).toContain(word);
    }
    expect(pdf).toContain("Q3 Report: Ünïcode");
    expect(docx).toContain("<h1>Quarterly Report</h1>");
  });

  it("is 404 for another user's document, 401 without a session, 400 for an unknown format", async () => {
    expect((await request(t, "GET", exportUrl("md"), { user: other })).statusCode).toBe(404);
    const anon = await request(t, "GET", exportUrl("md"));
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe("unauthorized");
    const bad = await request(t, "GET", exportUrl("exe"), { user: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("validation_failed");
    const missing = await request(t, "GET", exportUrl("md", "00000000-0000-4000-8000-000000000000"), { user: owner });
    expect(missing.statusCode).toBe(404);
    const junkId = await request(t, "GET", exportUrl("md", "not-a-uuid"), { user: owner });
    expect(junkId.statusCode).toBe(404);
  });

  it("lets a visitor export a public shared document, and asks for the password on a protected one", async () => {
    const share = (payload: object) =>
      request(t, "PUT", `/api/documents/${docId}/share`, { user: owner, payload });
    expect((await share({ isPublic: true })).statusCode).toBe(200);
    const visitor = await request(t, "GET", exportUrl("txt"));
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain("Quarterly Report");
    const signedInVisitor = await request(t, "GET", exportUrl("md"), { user: other });
    expect(signedInVisitor.statusCode).toBe(200);

    expect((await share({ password: "open sesame" })).statusCode).toBe(200);
    const locked = await request(t, "GET", exportUrl("txt"));
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error).toBe("password_required");
    const unlock = await request(t, "POST", `/api/shared/${docId}/unlock`, { payload: { password: "open sesame" } });
    expect(unlock.statusCode).toBe(200);
    const withToken = await t.app.inject({ method: "GET", url: exportUrl("txt"), headers: { "x-share-token": unlock.json().token } });
    expect(withToken.statusCode).toBe(200);

    expect((await share({ isPublic: false, password: null })).statusCode).toBe(200);
    expect((await request(t, "GET", exportUrl("txt"))).statusCode).toBe(401);
    expect((await request(t, "GET", exportUrl("txt"), { user: other })).statusCode).toBe(404);
  });
});

describe("POST /api/export", () => {
  it("turns the editor's current content into a PDF or Word file", async () => {
    const content = paragraphDoc("Unsaved words");
    const pdf = await request(t, "POST", "/api/export", { user: owner, payload: { format: "pdf", title: "Draft", content, pageSize: "letter" } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`filename="draft_${today()}.pdf"`);
    expect(pdfText(pdf.rawPayload)).toContain("Unsaved words");
    const docx = await request(t, "POST", "/api/export", { user: owner, payload: { format: "docx", title: "", content } });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers["content-disposition"]).toContain(`filename="document_${today()}.docx"`);
    expect((await mammoth.extractRawText({ buffer: docx.rawPayload })).value).toContain("Unsaved words");
  });

  it("requires sign-in and schema-valid content", async () => {
    const content = { type: "doc", content: [] };
    expect((await request(t, "POST", "/api/export", { payload: { format: "pdf", title: "x", content } })).statusCode).toBe(401);
    const hostile = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }],
    };
    const bad = await request(t, "POST", "/api/export", { user: owner, payload: { format: "pdf", title: "x", content: hostile } });
    expect(bad.statusCode).toBe(400);
    const badFormat = await request(t, "POST", "/api/export", { user: owner, payload: { format: "rtf", title: "x", content } });
    expect(badFormat.statusCode).toBe(400);
  });
});
