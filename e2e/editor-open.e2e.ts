// Opening a long document, in Chromium: the text arrives as it was stored (no link made out
// of its words, the caret at its start), the counts appear once it is shown and the copy on
// this device receives it, Find reaches a
// block far below the screen (blocks off screen are not laid out until needed), and typing
// an address followed by a space still makes a link.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiRequest } from "./support/api.js";
import { withAppAndBrowser } from "./support/app.js";
import { putSessionInContext, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const BLOCKS = 400;
const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
// The first block ends in an address: opening must not turn it into a link.
const blocks = [
  paragraph("The first block ends with example.com"),
  ...Array.from({ length: BLOCKS - 2 }, (_, i) => paragraph(`Block ${i + 2} holds eight words of ordinary text here.`)),
  paragraph("The last block hides a zebracorn at its end"),
];
const WORDS = blocks.map((b) => b.content[0]!.text).join(" ").split(/\s+/).length;

const selectionOf = (page: Page) =>
  page.evaluate(() => {
    const dom = document.querySelector(".ProseMirror") as (Element & { editor?: { state: { selection: { from: number; to: number } } } }) | null;
    const sel = dom?.editor?.state.selection;
    return sel ? { from: sel.from, to: sel.to } : null;
  });

describe("opening a long document", () => {
  it("shows the stored text unchanged with the caret at its start, counts it, finds its last block and still autolinks typing", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await apiRequest<DocumentRecord>(server.url, session, "POST", "/api/documents", {
      title: "Long",
      content: { type: "doc", content: blocks },
    });
    const page = await openInEditor(browser, server.url, session, doc.id, { viewport: { width: 1280, height: 800 } });
    const body = editorBody(page);
    await expect.poll(() => body.locator("p").count(), { timeout: 20_000 }).toBe(BLOCKS);
    expect(await body.locator("p").first().textContent()).toBe("The first block ends with example.com");
    expect(await body.locator("p").last().textContent()).toBe("The last block hides a zebracorn at its end");
    expect(await body.locator("a").count()).toBe(0);
    expect(await selectionOf(page)).toEqual({ from: 1, to: 1 });

    const expectedWords = await page.evaluate((n) => `${n.toLocaleString()} words`, WORDS);
    await expect.poll(() => page.getByTestId("inline-stats").locator("span").first().textContent(), { timeout: 10_000 }).toBe(expectedWords);
    expect(await page.getByTestId("inline-stats").getAttribute("aria-hidden")).toBeNull();

    // The copy on this device receives the opened text too (once it is shown).
    const storedOnDevice = () =>
      page.evaluate(
        (id) =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open(`draftsmith:doc:${id}`);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains("updates")) return resolve(0);
              const all = db.transaction("updates").objectStore("updates").getAll();
              all.onsuccess = () => resolve((all.result as Uint8Array[]).reduce((n, u) => n + u.byteLength, 0));
              all.onerror = () => reject(all.error);
            };
          }),
        doc.id,
      );
    await expect.poll(storedOnDevice, { timeout: 10_000 }).toBeGreaterThan(15_000);

    // Find brings the last block, far below the screen, into view.
    await body.locator("p").first().click();
    await page.keyboard.press("Control+f");
    await page.getByRole("search", { name: "Find in document" }).waitFor();
    await page.keyboard.type("zebracorn");
    await expect.poll(() => page.getByTestId("find-count").textContent()).toBe("1 of 1");
    const current = body.locator(".find-match-current");
    await expect.poll(() => current.textContent()).toBe("zebracorn");
    await expect
      .poll(async () => {
        const box = await current.boundingBox();
        return box !== null && box.height > 0 && box.y >= 0 && box.y + box.height <= 800;
      })
      .toBe(true);
    await page.keyboard.press("Escape");

    // Typing an address and a space makes a link, as before.
    await body.locator("p").nth(5).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" see draftsmith.com now");
    await expect.poll(() => body.locator("a").allTextContents()).toEqual(["draftsmith.com"]);
    await page.context().close();
  });

  it("starts reading the record and the one live connection as the page starts, and names the editor's files in the page", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await apiRequest<DocumentRecord>(server.url, session, "POST", "/api/documents", {
      title: "Early",
      content: { type: "doc", content: blocks.slice(0, 20) },
    });
    const context = await browser.newContext();
    await putSessionInContext(context, server.url, session);
    const page = await context.newPage();
    const sockets: string[] = [];
    const reads: string[] = [];
    page.on("websocket", (ws) => {
      if (new URL(ws.url()).pathname === "/collab") sockets.push(ws.url());
    });
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/documents/${doc.id}`) reads.push(new URL(request.url()).search);
    });
    // Opened twice: the second time the copy on this device is there too.
    for (let open = 1; open <= 2; open++) {
      await page.goto(`${server.url}/editor/${doc.id}`);
      await expect.poll(() => editorBody(page).locator("p").count(), { timeout: 20_000 }).toBe(20);
      expect(sockets).toHaveLength(open);
      expect(reads).toEqual(Array.from({ length: open }, () => "?content=live"));
    }
    const preloads = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(preloads.length).toBeGreaterThan(0);
    // The landing page names none of the editor's files.
    const landing = await (await fetch(`${server.url}/`)).text();
    expect(landing).not.toContain("modulepreload");
    for (const href of preloads) expect(landing).not.toContain(href);
    await context.close();
  });
});
