// Spelling and grammar as you type, in real Chromium: problems are underlined while the writer
// types, checked in the browser (no request to the AI routes); Accept fixes one; Ignore and
// Add to dictionary are kept with the account, so a reload and another device leave those
// words alone; a collaborator's underlines are their own, and none is ever in the document.
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startAppAndBrowser } from "./support/app.js";
import { buyPlan, inviteAndAccept } from "./support/api.js";
import { signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor, openNewDocument } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const mark = (page: Page, word: string) => editorBody(page).locator(".grammar-mark", { hasText: new RegExp(`^${word}$`) });
const popover = (page: Page) => page.getByRole("dialog", { name: /suggestion/ });
/** Waits for the check to have run on this page: the control word "recieve" is underlined. */
const checked = (page: Page) => mark(page, "recieve").waitFor({ state: "visible", timeout: 60_000 });

describe("grammar and spelling as you type", () => {
  it("underlines while typing without the AI routes, fixes, ignores and remembers words across reloads, devices and collaborators", async () => {
    const writer = await signUpViaApi(app.server.url, { grammarCheck: true });
    const { page, id } = await openNewDocument(app, writer, "Spelling");
    const aiRequests: string[] = [];
    const onRequest = (r: Request) => {
      if (new URL(r.url()).pathname.startsWith("/api/ai/")) aiRequests.push(r.url());
    };
    page.on("request", onRequest);

    await editorBody(page).click();
    await page.keyboard.type("We recieve flumbrous notes and zorbly letters on teh shop floor.");
    await expect.poll(() => mark(page, "teh").count(), { timeout: 60_000 }).toBe(1);
    await expect(mark(page, "teh").getAttribute("class")).resolves.toContain("grammar-spelling");
    await checked(page);

    // Accept: the candidate replaces the word.
    await mark(page, "teh").click();
    await popover(page).getByRole("button", { name: "Accept “the”" }).click();
    await expect.poll(() => editorBody(page).textContent()).toContain("on the shop floor.");
    await expect.poll(() => mark(page, "teh").count()).toBe(0);

    // The keyboard path: Alt+Enter with the cursor in a problem opens its choices with the first one focused.
    await mark(page, "zorbly").click();
    await expect.poll(() => popover(page).count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => popover(page).count()).toBe(0);
    await page.keyboard.press("Alt+Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    // Ignore (reached by the arrow keys) and Add to dictionary.
    const ignore = popover(page).getByRole("button", { name: "Ignore" });
    for (let i = 0; i < 6 && !(await ignore.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => mark(page, "zorbly").count()).toBe(0);
    await mark(page, "flumbrous").click();
    await popover(page).getByRole("button", { name: "Add to dictionary" }).click();
    await expect.poll(() => mark(page, "flumbrous").count()).toBe(0);
    expect(aiRequests).toEqual([]);

    // Kept with the account: after a reload, and on another device, only "recieve" is underlined.
    await expect
      .poll(async () => (await app.api<{ words: string[] }>(writer, "GET", "/api/grammar/personal")).words)
      .toEqual(["flumbrous"]);
    await page.reload();
    await checked(page);
    expect(await mark(page, "flumbrous").count()).toBe(0);
    expect(await mark(page, "zorbly").count()).toBe(0);
    const other = await openInEditor(app.browser, app.server.url, writer, id);
    app.contexts.push(other.context());
    await checked(other);
    expect(await mark(other, "flumbrous").count()).toBe(0);
    expect(await mark(other, "zorbly").count()).toBe(0);

    // A collaborator checks with their own lists: the words the writer keeps are theirs to see underlined.
    const editor = await signUpViaApi(app.server.url, { grammarCheck: true });
    await buyPlan(app.server.url, writer, "professional");
    await inviteAndAccept(app.server.url, writer, id, editor, "editor");
    const theirs = await openInEditor(app.browser, app.server.url, editor, id);
    app.contexts.push(theirs.context());
    await expect.poll(() => mark(theirs, "flumbrous").count(), { timeout: 60_000 }).toBe(1);
    expect(await mark(page, "flumbrous").count()).toBe(0);

    // Underlines are never part of the document.
    const doc = await app.api<unknown>(writer, "GET", `/api/documents/${id}`);
    expect(JSON.stringify(doc)).toContain("recieve");
    expect(JSON.stringify(doc)).not.toContain("grammar");
    await page.context().close();
  });

  it("stays off when the writer switched it off", async () => {
    const writer = await signUpViaApi(app.server.url, { grammarCheck: true });
    await app.api(writer, "PUT", "/api/settings/preferences", { grammarCheck: false });
    const { page } = await openNewDocument(app, writer, "No checking", ["Our fisrt draft."]);
    const wasm: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".wasm")) wasm.push(r.url());
    });
    await editorBody(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" It has teh typo.");
    await expect.poll(() => editorBody(page).textContent()).toContain("teh typo.");
    // The text is stored 2 s after the last key: long after the checker's worker would have started.
    await page.getByText("Saved", { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(page.workers()).toEqual([]);
    expect(wasm).toEqual([]);
    expect(await editorBody(page).locator(".grammar-mark").count()).toBe(0);
    await page.context().close();
  });
});
