// Live co-editing in Chromium: two writers in the same paragraph end with the same text
// holding every character each typed, see each other in the header and where the other's
// caret rests, and a writer who goes offline keeps typing, is told the changes are kept on
// the device, and is merged and stored when the connection returns — also after a reload
// while offline.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const { contexts, api } = app;

const body = editorBody;
/** The document's text as written, without the other writers' caret labels. */
const docText = (page: Page) =>
  body(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return copy.textContent ?? "";
  });
/** The text before the other writer's caret in its paragraph, as this writer sees it (null: no caret shown). */
const textBeforeCaret = (page: Page) =>
  body(page).evaluate((el) => {
    const caret = el.querySelector(".collaboration-carets__caret");
    if (!caret) return null;
    const range = document.createRange();
    range.setStart(caret.closest("p") ?? el, 0);
    range.setEndBefore(caret);
    return range.toString();
  });
const saveStatus = (page: Page) => page.locator("[data-save-status]").getAttribute("data-save-status");
const paragraphs = (doc: DocumentRecord) => (doc.content.content ?? []).map((p) => (p.content ?? []).map((n) => n.text ?? "").join(""));

async function openEditor(session: ApiSession, id: string): Promise<{ context: BrowserContext; page: Page }> {
  const page = await openInEditor(app.browser, app.server.url, session, id);
  const context = page.context();
  contexts.push(context);
  await expect.poll(() => page.getByRole("status").filter({ hasText: /Saved|Saving/ }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  return { context, page };
}

/** Types `text` one key at a time for about `seconds`, returning what was typed. */
async function typeFor(page: Page, letter: string, seconds: number): Promise<string> {
  let typed = "";
  const end = Date.now() + seconds * 1000;
  let i = 0;
  while (Date.now() < end) {
    const ch = `${letter}${i % 10}`;
    await page.keyboard.type(ch, { delay: 20 });
    typed += ch;
    i++;
  }
  return typed;
}

describe("live co-editing", () => {
  it("two writers typing in the same paragraph for 20 s end with the same text, holding each one's characters in order", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Together" });
    await api<DocumentRecord>(session, "PATCH", `/api/documents/${doc.id}`, {
      version: doc.version,
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Start." }] }] },
    });
    const a = await openEditor(session, doc.id);
    const b = await openEditor(session, doc.id);
    await expect.poll(() => docText(b.page)).toBe("Start.");
    // Each sees the other in the header.
    await expect.poll(() => a.page.getByTestId("presence").count()).toBe(1);
    await expect.poll(() => b.page.getByTestId("presence").count()).toBe(1);

    // Both carets in the same paragraph (after "Start."), then both type at once.
    await body(a.page).click();
    await a.page.keyboard.press("End");
    await body(b.page).click();
    await b.page.keyboard.press("End");
    // Each sees where the other's caret rests, also when it moves without typing.
    await expect.poll(() => textBeforeCaret(a.page)).toBe("Start.");
    await b.page.keyboard.press("Home");
    await expect.poll(() => textBeforeCaret(a.page)).toBe("");
    await b.page.keyboard.press("End");
    await expect.poll(() => textBeforeCaret(a.page)).toBe("Start.");
    const [typedA, typedB] = await Promise.all([typeFor(a.page, "a", 20), typeFor(b.page, "b", 20)]);

    await expect.poll(async () => (await docText(a.page)) === (await docText(b.page)), { timeout: 20_000 }).toBe(true);
    const text = await docText(a.page);
    expect(text.startsWith("Start.")).toBe(true);
    // Every character each typed, in order within that writer's text.
    expect(text.replace(/b\d/g, "").slice("Start.".length)).toBe(typedA);
    expect(text.replace(/a\d/g, "").slice("Start.".length)).toBe(typedB);
    // Nobody saw a conflict; the stored document is the merged text.
    expect(await a.page.getByText("version conflict").count()).toBe(0);
    await expect.poll(async () => paragraphs(await api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).join("\n"), { timeout: 20_000 }).toBe(text);
    await expect.poll(() => saveStatus(a.page), { timeout: 20_000 }).toBe("saved");
  });

  it("typing offline is kept on the device, survives a reload, and is merged and stored when the connection returns", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Train ride" });
    const { context, page } = await openEditor(session, doc.id);
    const other = await openEditor(session, doc.id);
    await body(page).click();
    await page.keyboard.type("Online words.");
    await expect.poll(() => docText(other.page)).toBe("Online words.");

    await context.setOffline(true);
    await expect.poll(() => page.getByText("Offline", { exact: true }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.keyboard.type(" Offline words.");
    await expect.poll(() => page.getByText("Offline — changes kept on this device").count()).toBe(1);
    // Meanwhile the other writer goes on; both changes must survive.
    await body(other.page).click();
    await other.page.keyboard.press("Home");
    await other.page.keyboard.type("Title: ");

    // Reload while still offline: the page comes from the cache-less server, so go back
    // online only for the page load, with the socket blocked, to prove the copy on the device.
    await page.route("**/collab", (route) => route.abort());
    await context.setOffline(false);
    await page.reload();
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
    await expect.poll(() => docText(page), { timeout: 20_000 }).toContain("Offline words.");

    await page.unroute("**/collab");
    await page.reload();
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
    const merged = "Title: Online words. Offline words.";
    await expect.poll(() => docText(page), { timeout: 20_000 }).toBe(merged);
    await expect.poll(() => docText(other.page), { timeout: 20_000 }).toBe(merged);
    await expect.poll(async () => paragraphs(await api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).join("\n"), { timeout: 20_000 }).toBe(merged);
    await expect.poll(() => saveStatus(page), { timeout: 20_000 }).toBe("saved");
  });
});
