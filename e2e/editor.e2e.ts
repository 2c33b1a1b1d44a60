// The editor page in real Chromium: typing and formatting, the slash menu by keyboard,
// saving that survives reloads, going offline, closing the tab inside the 2 s window, and
// text typed without a connection kept on the device. Two writers at once: collaboration.e2e.ts.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { apiRequest } from "./support/api.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

async function signedInContext(session: ApiSession): Promise<BrowserContext> {
  const context = await browser.newContext();
  await putSessionInContext(context, server.url, session);
  return context;
}

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

const body = (page: Page) => page.locator(".draftsmith-prose");
const saveStatus = (page: Page) => page.locator("[data-save-status]");
const waitSaved = (page: Page) => expect.poll(() => saveStatus(page).getAttribute("data-save-status"), { timeout: 15_000 }).toBe("saved");

async function openEditor(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await body(page).waitFor({ state: "visible", timeout: 20_000 });
}

/** A new user with one new document open in the editor, the caret in its body. */
async function newUserInEditor(title: string): Promise<{ session: ApiSession; doc: DocumentRecord; context: BrowserContext; page: Page }> {
  const session = await signUpViaApi(server.url);
  const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title });
  const context = await signedInContext(session);
  const page = await context.newPage();
  await openEditor(page, `/editor/${doc.id}`);
  await body(page).click();
  return { session, doc, context, page };
}

describe("editor", () => {
  it("creates a document, types and formats, uses the slash menu by keyboard, saves and finds it after a reload", async () => {
    const session = await signUpViaApi(server.url);
    const context = await signedInContext(session);
    const page = await context.newPage();
    await page.goto(`${server.url}/editor`);
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await body(page).waitFor({ state: "visible" });
    expect(await page.getByPlaceholder("Untitled Document").isVisible()).toBe(true);
    expect(await page.getByTestId("ai-status").textContent()).toBe("Basic AI: grammar, spelling and readability checks");
    expect(await page.getByTestId("plan-label").textContent()).toBe("Gratis Plan");

    await page.getByLabel("Document title").fill("My first draft");
    await body(page).click();
    await page.keyboard.type("Hello world");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    // The editor reads a native selection change asynchronously; let it see the whole word.
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe("world");
    await page.locator("[role=toolbar][aria-label='Selection formatting']").waitFor();
    await page.keyboard.press("Control+b");
    await body(page).locator("strong").waitFor();
    await page.keyboard.press("ArrowRight");
    // Same for the caret move: a machine types faster than a selection change is read.
    await expect.poll(() => page.evaluate(() => getSelection()?.isCollapsed)).toBe(true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    await page.keyboard.press("Enter");

    // Slash menu: "/" at the start of a line, filter, arrows, Enter.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ProseMirror"))).toBe(true);
    await page.keyboard.type("/");
    const menu = page.getByRole("listbox", { name: "Insert block" });
    await menu.waitFor({ state: "visible" });
    expect(await menu.getByText("Basic Blocks").isVisible()).toBe(true);
    expect(await menu.getByText("AI Commands").isVisible()).toBe(true);
    await page.keyboard.type("head");
    // The filter applies on the next render; wait for it rather than read the list at once.
    await expect.poll(() => menu.getByRole("option").count()).toBe(6);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "hidden" });
    await page.keyboard.type("Section");
    // Escape closes; Backspace on an empty filter closes.
    await page.keyboard.press("Enter");
    await page.keyboard.type("/zz");
    await menu.getByText("No commands found").waitFor({ state: "visible", timeout: 10_000 });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    for (let i = 0; i < 3; i++) await page.keyboard.press("Backspace");
    await page.keyboard.type("/");
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Backspace");
    await menu.waitFor({ state: "hidden" });
    await page.keyboard.type("Body -- text");

    await waitSaved(page);
    await page.reload();
    await body(page).waitFor({ state: "visible" });
    expect(await page.getByLabel("Document title").inputValue()).toBe("My first draft");
    expect(await body(page).locator("strong").textContent()).toBe("world");
    expect(await body(page).locator("h2").textContent()).toBe("Section");
    // Typography: "--" became a dash.
    expect(await body(page).textContent()).toContain("Body — text");
    expect(await page.getByTestId("breadcrumb-title").textContent()).toBe("My first draft");
    await context.close();
  });

  it("keeps keys typed right after Enter in order, with and without a pending bold", async () => {
    const { context, page } = await newUserInEditor("Fast typing");
    // No pause between keys: the first key on a fresh line comes before the browser has
    // reported where it put the caret. Several rounds, since a wrong caret showed in most
    // rounds, not all.
    for (const bold of [false, true, false, true]) {
      await page.keyboard.press("Control+a");
      await page.keyboard.press("Delete");
      await page.keyboard.type("One");
      if (bold) await page.keyboard.press("Control+b");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Two");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Three");
      await expect.poll(() => body(page).locator("p").allTextContents()).toEqual(["One", "Two", "Three"]);
      expect(await body(page).locator("strong").allTextContents()).toEqual(bold ? ["Two", "Three"] : []);
      if (bold) await page.keyboard.press("Control+b");
    }
    await context.close();
  });

  it("pastes a table from a web page as a table, its header cells kept", async () => {
    const { context, page } = await newUserInEditor("Pasted table");
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/html", "<p>Before</p><table><tr><th>Name</th><th>Words</th></tr><tr><td>Chapter one</td><td>4,200</td></tr></table><p>After</p>");
      data.setData("text/plain", "Before\nName\tWords\nChapter one\t4,200\nAfter");
      document.querySelector(".ProseMirror")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect
      .poll(() => body(page).locator("tr").evaluateAll((rows) => rows.map((r) => Array.from(r.children).map((c) => `${c.tagName}:${c.textContent}`))))
      .toEqual([
        ["TH:Name", "TH:Words"],
        ["TD:Chapter one", "TD:4,200"],
      ]);
    expect(await body(page).locator(":scope > p").allTextContents()).toEqual(["Before", "After"]);
    await context.close();
  });

  it("turns a web address typed or pasted into a link from the first key, before and after linkifyjs has arrived", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Links typed" });
    const context = await signedInContext(session);
    // The link's typing code (linkifyjs) is held back until the first words are in: what is
    // typed or pasted before it arrives is linked when it does (src/client/lib/links/link-typing.ts).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await context.route(/\/assets\/link-typing-part-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await openEditor(page, `/editor/${doc.id}`);
    await body(page).click();
    await page.keyboard.type("Read example.com/guide first, then the notes");
    await page.keyboard.press("Enter");
    // Pasted into the text, and over a selected word (that one by the simpler rule used before the code arrives).
    const paste = (text: string) =>
      page.evaluate((t) => {
        const data = new DataTransfer();
        data.setData("text/plain", t);
        document.querySelector(".ProseMirror")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    await paste("see https://example.net/a now ");
    await page.keyboard.type("notes");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await paste("https://example.org/notes");
    expect(asked).toBe(true);
    expect(await body(page).locator("a[href='https://example.com/guide']").count()).toBe(0);
    release();
    await expect.poll(() => body(page).locator("a[href='https://example.com/guide']").textContent()).toBe("example.com/guide");
    await expect.poll(() => body(page).locator("a[href='https://example.net/a']").textContent()).toBe("https://example.net/a");
    expect(await body(page).locator("a[href='https://example.org/notes']").textContent()).toBe("notes");
    // "first," and "then" stay text.
    expect(await body(page).locator("a").count()).toBe(3);
    // Once the code is there, the address before a typed space becomes a link as it is typed.
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("www.example.edu/x and more");
    await expect.poll(() => body(page).locator("a[href='https://www.example.edu/x']").textContent()).toBe("www.example.edu/x");
    await context.close();
  });

  it("keeps typing safe while offline and saves everything when the network is back", async () => {
    const { session, doc, context, page } = await newUserInEditor("Offline test");
    await page.keyboard.type("Before going offline.");
    await waitSaved(page);

    await context.setOffline(true);
    await page.keyboard.type(" Typed while offline.");
    await expect.poll(() => saveStatus(page).getAttribute("data-save-status"), { timeout: 15_000 }).toBe("offline");
    expect(await saveStatus(page).textContent()).toBe("Offline — changes kept on this device");
    await page.keyboard.type(" And more.");

    await context.setOffline(false);
    await waitSaved(page);
    await expect
      .poll(async () => JSON.stringify((await api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).content))
      .toContain("Before going offline. Typed while offline. And more.");
    await page.reload();
    await body(page).waitFor({ state: "visible" });
    expect(await body(page).textContent()).toBe("Before going offline. Typed while offline. And more.");
    await context.close();
  });

  it("closing the tab inside the 2 s window still saves the last words", async () => {
    const { session, doc, context, page } = await newUserInEditor("Close test");
    await page.keyboard.type("Saved part.");
    await waitSaved(page);
    await page.keyboard.type(" Last words before closing.");
    page.on("dialog", (d) => void d.accept());
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(async () => JSON.stringify((await api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).content), { timeout: 15_000 })
      .toContain("Saved part. Last words before closing.");

    const again = await context.newPage();
    await openEditor(again, `/editor/${doc.id}`);
    expect(await body(again).textContent()).toBe("Saved part. Last words before closing.");
    expect(await again.getByText("Restore unsaved changes?").count()).toBe(0);
    await context.close();
  });

  it("keeps what was typed without a connection on the device and merges it when the document opens again", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Draft test" });
    const context = await signedInContext(session);
    const page = await context.newPage();
    await openEditor(page, `/editor/${doc.id}`);
    await context.setOffline(true);
    await body(page).click();
    await page.keyboard.type("Written on a train.");
    await expect.poll(() => saveStatus(page).textContent()).toBe("Offline — changes kept on this device");
    page.on("dialog", (d) => void d.accept());
    const closed = page.waitForEvent("close");
    await page.close({ runBeforeUnload: true });
    await closed;
    await context.setOffline(false);

    // Nothing to choose: the copy on the device joins the document by itself.
    const again = await context.newPage();
    await openEditor(again, `/editor/${doc.id}`);
    await expect.poll(() => body(again).textContent()).toBe("Written on a train.");
    await waitSaved(again);
    expect(JSON.stringify((await api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).content)).toContain("Written on a train.");
    await context.close();
  });

  it("keeps the editor when the connection drops while its later parts load, and loads them when it is back", async () => {
    const session = await signUpViaApi(server.url);
    // A passage with a comment's anchor: the comments layer's code loads after the text.
    const noted = { type: "paragraph", content: [{ type: "text", text: "Noted.", marks: [{ type: "comment", attrs: { threadId: "thread-on-a-train" } }] }] };
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "On a train", content: { type: "doc", content: [noted] } });
    const context = await signedInContext(session);
    const page = await context.newPage();
    // The layer's requests fail as on a lost connection.
    let refused = 0;
    const layer = /\/assets\/comments-layer-[^/]+\.js$/;
    await page.route(layer, (route) => {
      refused += 1;
      return route.abort("internetdisconnected");
    });
    await openEditor(page, `/editor/${doc.id}`);
    await expect.poll(() => refused).toBeGreaterThan(0);

    // The editor stays, and what is typed is stored.
    await body(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Still writing.");
    await waitSaved(page);
    expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);

    // Back online, the layer arrives by itself, with nothing to reload.
    const loaded = page.waitForResponse((r) => layer.test(new URL(r.url()).pathname) && r.ok(), { timeout: 60_000 });
    await page.unroute(layer);
    await loaded;
    expect(await body(page).textContent()).toBe("Noted.Still writing.");
    await context.close();
  });

  it("sends signed-out visitors home, shows not-found for a foreign document, and refuses unsafe links", async () => {
    const anon = await browser.newContext();
    const visitor = await anon.newPage();
    await visitor.goto(`${server.url}/editor/00000000-0000-4000-8000-000000000000`);
    await visitor.waitForURL(`${server.url}/`, { timeout: 20_000 });
    await anon.close();

    const owner = await signUpViaApi(server.url);
    const other = await signUpViaApi(server.url);
    const foreign = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Private" });
    const context = await signedInContext(other);
    const page = await context.newPage();
    await page.goto(`${server.url}/editor/${foreign.id}`);
    await page.getByRole("heading", { name: "Document not found" }).waitFor({ timeout: 20_000 });
    await page.getByRole("link", { name: "Back to Documents" }).waitFor();

    const mine = await api<DocumentRecord>(other, "POST", "/api/documents", { title: "Links" });
    await openEditor(page, `/editor/${mine.id}`);
    await body(page).click();
    await page.keyboard.type("click here");
    await page.keyboard.press("Shift+Home");
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe("click here");
    await page.getByRole("toolbar", { name: "Selection formatting" }).getByRole("button", { name: "Add link" }).click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    await dialog.getByLabel("URL").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Apply" }).click();
    expect(await dialog.getByRole("alert").textContent()).toContain('"javascript:" links are not allowed');
    await dialog.getByLabel("URL").fill("example.com/docs");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await body(page).locator("a").getAttribute("href")).toBe("https://example.com/docs");
    await waitSaved(page);
    await context.close();
  });

});
