// The Export menu in real Chromium: every format downloads a file named per the spec
// (title → letters/digits, "_", lowercased, "_YYYY-MM-DD", extension) holding what the
// editor shows right now, including words typed since the last save.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import mammoth from "mammoth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KITCHEN_SINK } from "../src/shared/export/fixtures.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiCall } from "./support/api.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
let page: Page;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  session = await signUpViaApi(server.url);
  const res = await apiCall<DocumentRecord>(server.url, session, "POST", "/api/documents", { title: "Export Test: Ünïcode", content: KITCHEN_SINK });
  expect(res.status).toBe(201);
  page = await openInEditor(browser, server.url, session, res.body.id);
  const body = editorBody(page);
  await body.getByText("The end.").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Fresh words typed just now.");
  await body.getByText("Fresh words typed just now.", { exact: false }).waitFor();
});
afterAll(async () => {
  await page?.context().close();
});

function localDate(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function exportAs(label: string): Promise<{ name: string; file: Buffer }> {
  const button = page.getByRole("button", { name: "Export" });
  await button.click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: new RegExp(`^${label}`) }).click()]);
  const path = await download.path();
  await page.getByText("Export Successful").first().waitFor();
  await expect.poll(() => button.isEnabled()).toBe(true);
  return { name: download.suggestedFilename(), file: fs.readFileSync(path) };
}

describe("export menu", () => {
  it("downloads Markdown, HTML and Text built from the current editor content", async () => {
    const md = await exportAs("Markdown");
    expect(md.name).toBe(`export_test__ünïcode_${localDate()}.md`);
    const mdText = md.file.toString("utf8");
    expect(mdText).toContain("# Quarterly Report");
    expect(mdText).toContain("**bold**");
    expect(mdText).toContain("3. Third");
    expect(mdText).toContain("Fresh words typed just now.");
    expect(await page.getByText("Document exported as MARKDOWN").first().isVisible()).toBe(true);

    const html = await exportAs("HTML");
    expect(html.name).toBe(`export_test__ünïcode_${localDate()}.html`);
    const htmlText = html.file.toString("utf8");
    expect(htmlText.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(htmlText).toContain("<title>Export Test: Ünïcode</title>");
    expect(htmlText).toContain('<h1 style="text-align: center">Quarterly Report</h1>');
    expect(htmlText).toContain("Fresh words typed just now.");
    expect(htmlText).not.toContain("<script");

    const txt = await exportAs("Text");
    expect(txt.name).toBe(`export_test__ünïcode_${localDate()}.txt`);
    expect(txt.file.toString("utf8")).toContain("- Apple\n  - Red");
    expect(txt.file.toString("utf8")).toContain("Fresh words typed just now.");
  });

  it("downloads a real PDF and Word file from the server", async () => {
    const pdf = await exportAs("PDF");
    expect(pdf.name).toBe(`export_test__ünïcode_${localDate()}.pdf`);
    expect(pdf.file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const tmp = `/tmp/export-e2e-${process.pid}.pdf`;
    fs.writeFileSync(tmp, pdf.file);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", tmp, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    fs.rmSync(tmp, { force: true });
    expect(text).toContain("Quarterly Report");
    expect(text).toContain("Fresh words typed just now.");

    const docx = await exportAs("Word");
    expect(docx.name).toBe(`export_test__ünïcode_${localDate()}.docx`);
    const html = (await mammoth.convertToHtml({ buffer: docx.file })).value;
    expect(html).toContain("<h1>Quarterly Report</h1>");
    expect(html).toContain("<li>Apple<ul><li>Red</li>");
    expect(html).toContain("Fresh words typed just now.");
  });

  it("prints a sanitized rendering in a frame that cannot run script", async () => {
    await page.getByRole("button", { name: "Export" }).click();
    await page.getByRole("menuitem", { name: "Print" }).click();
    const frame = page.locator("iframe[srcdoc]");
    await frame.waitFor({ state: "attached" });
    expect(await frame.getAttribute("sandbox")).toBe("allow-modals allow-same-origin");
    const srcdoc = (await frame.getAttribute("srcdoc")) ?? "";
    expect(srcdoc).toContain("<title>Export Test: Ünïcode</title>");
    expect(srcdoc).toContain("Fresh words typed just now.");
    expect(srcdoc).not.toContain("<script");
    // The frame goes away once the print dialog is done with it, and the menu is usable again.
    await frame.waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => page.getByRole("button", { name: "Export" }).isEnabled()).toBe(true);
  });

  it("says so when an export fails, and the menu works again afterwards", async () => {
    await page.route("**/api/export", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal_error","message":"boom"}' }));
    try {
      await page.getByRole("button", { name: "Export" }).click();
      await page.getByRole("menuitem", { name: /^PDF/ }).click();
      await page.getByText("Export Failed").first().waitFor();
      expect(await page.getByText("Failed to export document. Please try again.").first().isVisible()).toBe(true);
      await expect.poll(() => page.getByRole("button", { name: "Export" }).isEnabled()).toBe(true);
    } finally {
      await page.unroute("**/api/export");
    }
  });
});
