// Round trips in Chromium: a document is exported from the editor as Markdown, HTML and Word
// (the files the browser downloads), the three files are dropped on the documents list at
// once, and each new document keeps the structure and the marks its format can carry. A
// batch past the plan's document limit imports what fits and the results say what was left.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import type { DocNode } from "../src/shared/editor/schema.js";
import { docShape as shape } from "../src/shared/export/doc-shape.test-util.js";
import { KITCHEN_SINK } from "../src/shared/export/fixtures.js";
import { apiRequest, buyPlan } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { editorBody } from "./support/editor.js";

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

const app = startAppAndBrowser();
const { contexts } = app;

async function signedIn(session: ApiSession, path: string): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(`${app.server.url}${path}`);
  return page;
}

/** Runs "Export as <label>" from the command palette and returns the downloaded file. */
async function exportFrom(page: Page, label: string): Promise<{ name: string; bytes: Buffer }> {
  await page.keyboard.press("Control+Shift+K");
  const box = page.getByRole("combobox", { name: "Search documents and commands" });
  await box.fill(`export as ${label}`);
  await page.getByRole("option", { name: `Export as ${label}`, exact: true }).waitFor();
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const file = await download;
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

/** Drops files on the documents list the way a browser does. */
async function drop(page: Page, files: { name: string; bytes: Buffer; type: string }[]) {
  await page.getByTestId("import-drop-zone").evaluate(
    (zone, list) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      for (const type of ["dragenter", "dragover", "drop"]) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString("base64") })),
  );
}


describe("import round trips", () => {
  it("Markdown, HTML and Word exported from the editor and dropped back keep their structure and marks", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, session, "professional");
    const source = await apiRequest<DocumentRecord>(app.server.url, session, "POST", "/api/documents", { title: "Round trip", content: KITCHEN_SINK });
    const editor = await signedIn(session, `/editor/${source.id}`);
    await editorBody(editor).getByText("Quarterly Report").waitFor({ timeout: 30_000 });
    const md = await exportFrom(editor, "Markdown");
    const html = await exportFrom(editor, "HTML");
    const docx = await exportFrom(editor, "Word");
    expect([md.name, html.name, docx.name].map((n) => n.slice(n.lastIndexOf(".")))).toEqual([".md", ".html", ".docx"]);

    const page = await signedIn(session, "/");
    await page.getByRole("heading", { name: "Your Documents" }).waitFor();
    await drop(page, [
      { ...md, type: "text/markdown" },
      { ...html, type: "text/html" },
      { ...docx, type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
    ]);
    const results = page.getByTestId("import-results");
    await until(() => results.getByRole("heading").textContent()).toBe("Import: 3 imported");

    const imported = async (name: string) => {
      const list = await apiRequest<DocumentRecord[]>(app.server.url, session, "GET", "/api/documents");
      const ids = list.filter((d) => d.id !== source.id && d.title === "Round trip").map((d) => d.id);
      const docs = await Promise.all(ids.map((id) => apiRequest<DocumentRecord>(app.server.url, session, "GET", `/api/documents/${id}`)));
      expect(docs, name).toHaveLength(3);
      return docs;
    };
    const docs = await imported("three copies titled from the files");
    // The same comparisons as the server's round-trip tests (src/server/import/import.int.test.ts):
    // what each format can carry.
    const mdKeep = ["bold", "italic", "strike", "code", "link"];
    const htmlKeep = ["bold", "italic", "underline", "strike", "code", "link"];
    // Word keeps rules, code languages and alignment too; a list's start number is not read back.
    const wordKeep = ["bold", "italic", "underline", "strike", "code", "link"];
    const shapes = docs.map((d) => d.content as DocNode);
    const found = (expected: unknown, keep: string[], attrs: string[]) => shapes.some((doc) => JSON.stringify(shape(doc, keep, attrs)) === JSON.stringify(expected));
    expect(found(shape(KITCHEN_SINK, mdKeep, ["level", "start", "language"]), mdKeep, ["level", "start", "language"]), "Markdown").toBe(true);
    expect(found(shape(KITCHEN_SINK, htmlKeep, ["level", "start", "textAlign"]), htmlKeep, ["level", "start", "textAlign"]), "HTML").toBe(true);
    expect(found(shape(KITCHEN_SINK, wordKeep, ["level", "language", "textAlign"]), wordKeep, ["level", "language", "textAlign"]), "Word").toBe(true);
  });

  it("a batch past the plan's document limit imports what fits and names the files left out", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    await apiRequest(app.server.url, session, "POST", "/api/documents", { title: "Already here" });
    const page = await signedIn(session, "/");
    await page.getByRole("heading", { name: "Your Documents" }).waitFor();
    await drop(
      page,
      ["one", "two", "three", "four"].map((n) => ({ name: `${n}.md`, bytes: Buffer.from(`# Note ${n}\n\ntext`), type: "text/markdown" })),
    );
    const results = page.getByTestId("import-results");
    await until(() => results.getByRole("heading").textContent()).toBe("Import: 2 imported, 2 left out");
    const rows = results.locator("li[data-status]");
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-status")))).toEqual(["imported", "imported", "refused", "refused"]);
    expect(await rows.nth(2).textContent()).toMatch(/allows up to 3 documents/);
    const list = await apiRequest<DocumentRecord[]>(app.server.url, session, "GET", "/api/documents");
    expect(list.map((d) => d.title).sort()).toEqual(["Already here", "Note one", "Note two"]);
  });
});
