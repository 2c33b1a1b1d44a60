// Stored XSS: a document full of hostile content stays inert text in the editor and in
// the public shared view, and links with unsafe schemes never get stored.
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiCall } from "./support/api.js";
import { type ApiSession, signInPage, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";

const PAYLOADS = [
  "<script>window.__xss = 1</script>",
  '<img src=x onerror="window.__xss = 2">',
  '"><svg onload="window.__xss = 3">',
  "javascript:window.__xss = 4",
  "{{constructor.constructor('window.__xss = 5')()}}",
];

const hostileDoc = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: PAYLOADS[0] }] },
    ...PAYLOADS.map((p) => ({ type: "paragraph", content: [{ type: "text", text: p }] })),
    { type: "paragraph", content: [{ type: "text", text: "a safe link", marks: [{ type: "link", attrs: { href: "https://example.com/?q=<script>" } }] }] },
    { type: "paragraph", content: [{ type: "text", text: "styled", marks: [{ type: "textStyle", attrs: { fontFamily: "Georgia, 'x\" onmouseover \"'" } }] }] },
    { type: "codeBlock", attrs: { language: "html" }, content: [{ type: "text", text: PAYLOADS[1] }] },
  ],
};

async function expectInert(page: Page) {
  // Every payload is on the page as text, and none of them ran.
  for (const p of PAYLOADS) await expect.poll(() => page.getByText(p, { exact: true }).first().isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator(".ProseMirror script, .ProseMirror img, .ProseMirror svg, [onmouseover], [onerror], [onload]").count()).toBe(0);
}

describe("stored XSS is inert", () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;
  let docId: string;
  const dialogs: string[] = [];

  withAppAndBrowser((s, b) => {
    server = s;
    browser = b;
  });
  beforeAll(async () => {
    session = await signUpViaApi(server.url);
    const res = await apiCall<DocumentRecord>(server.url, session, "POST", "/api/documents", { title: PAYLOADS[1], content: hostileDoc });
    expect(res.status).toBe(201);
    docId = res.body.id;
  });

  it("refuses style values that could break out of CSS at the API", async () => {
    for (const attrs of [{ fontFamily: "x;background:url(javascript:alert(1))" }, { color: "red;behavior:url(x)" }, { fontSize: "12px;x:expression(alert(1))" }]) {
      const res = await apiCall(server.url, session, "PATCH", `/api/documents/${docId}`, {
        version: 1,
        content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "textStyle", attrs }] }] }] },
      });
      expect(res.status, JSON.stringify(attrs)).toBe(400);
    }
  });

  it("refuses javascript:, data: and disguised script links at the API", async () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"]) {
      const res = await apiCall(server.url, session, "PATCH", `/api/documents/${docId}`, {
        version: 1,
        content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href } }] }] }] },
      });
      expect(res.status, href).toBe(400);
    }
  });

  it("shows hostile content as text in the editor", async () => {
    const page = await signInPage(browser, server.url, session, `/editor/${docId}`);
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await expectInert(page);
    expect(dialogs).toEqual([]);
    await page.context().close();
  });

  it("shows hostile content as text in the public shared view", async () => {
    const share = await apiCall(server.url, session, "PUT", `/api/documents/${docId}/share`, { isPublic: true, allowEditing: false, expiresAt: null });
    expect(share.status).toBe(200);
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${server.url}/shared/${docId}`);
    await expectInert(page);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
