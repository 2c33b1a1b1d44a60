// The command palette inside the editor, in Chromium: the header button (showing its
// shortcut) and Ctrl+Shift+K open it (the same keys on every page), Ctrl+K is a link in the
// text; commands and documents are listed in two groups; keyboard-only runs
// of Find and replace, Bold, Heading 2, Version history, Export as Markdown, Share and Check
// grammar do what their toolbar buttons do. The box stays where it is while results change,
// and a phone opens the find bar by touch. Screenshots at 390 and 1280 px, light and dark, in
// /tmp/shots.
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiRequest, buyPlan, inviteAndAccept } from "./support/api.js";
import { withAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

const SHOTS = "/tmp/shots";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);
const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const createDoc = (session: ApiSession, title: string, text: string) => api<DocumentRecord>(session, "POST", "/api/documents", { title, content: para(text) });
const box = (page: Page) => page.getByRole("combobox", { name: "Search documents and commands" });
const option = (page: Page, name: string) => page.getByRole("option", { name, exact: true });

/** Opens the palette with the editor's shortcut and types `query`; resolves once `name` is the active option. */
async function choose(page: Page, query: string, name: string) {
  await page.keyboard.press("Control+Shift+K");
  await box(page).waitFor();
  await box(page).fill(query);
  const wanted = option(page, name);
  await wanted.waitFor();
  // Arrow down to it: the palette is driven by the keyboard alone.
  for (let i = 0; i < 30 && (await wanted.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
  expect(await wanted.getAttribute("aria-selected")).toBe("true");
  expect(await box(page).getAttribute("aria-activedescendant")).toBe(await wanted.getAttribute("id"));
}

describe("command palette in the editor", () => {
  it("opens from the header button and Ctrl+Shift+K, groups commands and documents, and Ctrl+K in the text asks for a link", async () => {
    const session = await signUpViaApi(server.url);
    await createDoc(session, "Lighthouse keeping", "The lamp must be trimmed before dusk.");
    const doc = await createDoc(session, "Palette", "Nothing here mentions the coast.");
    const page = await openInEditor(browser, server.url, session, doc.id);

    // The side panel's shortcuts name it too.
    expect(await page.getByRole("region", { name: "Shortcuts" }).textContent()).toContain("Search and commandsCtrl+Shift+K");
    const button = page.getByRole("button", { name: "Search and commands", exact: true });
    expect(await button.textContent()).toContain("Ctrl+Shift+K");
    await button.click();
    await box(page).waitFor();
    expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing typed: the commands, in their group.
    const commands = page.getByRole("group", { name: "Commands" });
    const replaceOption = commands.getByRole("option", { name: "Find and replace", exact: true });
    await replaceOption.waitFor();
    expect(await replaceOption.getAttribute("aria-keyshortcuts")).toBe("Control+H");
    await commands.getByRole("option", { name: "Export as PDF", exact: true }).waitFor();
    expect(await page.getByRole("group", { name: "Documents" }).count()).toBe(0);

    // A word from another document's text lists it under Documents, after the commands.
    await box(page).fill("lamp");
    const documents = page.getByRole("group", { name: "Documents" });
    await documents.getByRole("option").filter({ hasText: "Lighthouse keeping" }).waitFor();
    await box(page).fill("head 2");
    await expect.poll(() => commands.getByRole("option").allTextContents()).toEqual(["Heading 2"]);
    await box(page).fill("export mark");
    await expect.poll(() => commands.getByRole("option").allTextContents()).toEqual(["Export as Markdown"]);

    // Its own keys typed in the palette close it (the editor leaves the palette's keys alone).
    await page.keyboard.press("Control+Shift+K");
    await box(page).waitFor({ state: "detached" });
    await page.keyboard.press("Control+Shift+K");
    await box(page).waitFor();
    await page.keyboard.press("Escape");
    await box(page).waitFor({ state: "detached" });

    // In the text Ctrl+K asks for a link (as in Docs, Word and Notion), and no palette opens.
    await editorBody(page).click();
    await page.keyboard.press("Control+k");
    await page.getByRole("dialog", { name: "Add link" }).waitFor();
    expect(await box(page).count()).toBe(0);
    await page.context().close();
  });

  it("runs Find and replace, Bold, Heading 2, Version history, Export as Markdown and Share from the keyboard", async () => {
    const session = await signUpViaApi(server.url);
    await buyPlan(server.url, session, "professional");
    const doc = await createDoc(session, "Commands", "Harbour lights at night.");
    const page = await openInEditor(browser, server.url, session, doc.id);
    await editorBody(page).getByText("Harbour").waitFor();

    // Find and replace: the bar opens with its replace field and keeps the focus.
    await choose(page, "find and", "Find and replace");
    await page.keyboard.press("Enter");
    const find = page.getByRole("textbox", { name: "Find", exact: true });
    await page.getByLabel("Replace with").waitFor();
    await expect.poll(() => find.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("lights");
    await expect.poll(() => page.getByTestId("find-count").textContent()).toBe("1 of 1");
    await page.keyboard.press("Escape");

    // Bold and Heading 2 act on the selection, as the toolbar buttons do.
    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    await choose(page, "bold", "Bold");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorBody(page).locator("strong").textContent()).toBe("Harbour lights at night.");
    await choose(page, "head 2", "Heading 2");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorBody(page).locator("h2").textContent()).toBe("Harbour lights at night.");

    await choose(page, "history", "Version history");
    await page.keyboard.press("Enter");
    await page.getByRole("complementary", { name: "Version history" }).waitFor();

    // Export as Markdown downloads the file the Export menu would, without opening the menu.
    await choose(page, "export markdown", "Export as Markdown");
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.md$/);
    expect(fs.readFileSync((await file.path())!, "utf8")).toContain("## **Harbour lights at night.**");
    await page.getByText("Document exported as MARKDOWN").first().waitFor();

    await choose(page, "share", "Share…");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Share Document" }).waitFor();
    await page.context().close();
  });

  it("runs Check grammar on the selection: the same request to the AI as the toolbar's Grammar button", async () => {
    const session = await signUpViaApi(server.url);
    await buyPlan(server.url, session, "creator");
    const doc = await createDoc(session, "Grammar", "This is an test of the the grammer checker.");
    const page = await openInEditor(browser, server.url, session, doc.id);
    const grammarButton = page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Grammar", exact: true });
    await grammarButton.waitFor({ timeout: 20_000 });
    const aiRequest = () => page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/api/ai/grammar"));

    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    await choose(page, "grammar", "Check grammar");
    const fromPalette = aiRequest();
    await page.keyboard.press("Enter");
    const palette = await fromPalette;
    expect(palette.postData()).toContain("This is an test of the the grammer checker.");

    // The toolbar's button on the same selection asks the same thing.
    await page.reload();
    await grammarButton.waitFor({ timeout: 20_000 });
    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    const fromToolbar = aiRequest();
    await grammarButton.click();
    const toolbar = await fromToolbar;
    expect(new URL(toolbar.url()).pathname).toBe(new URL(palette.url()).pathname);
    expect(JSON.parse(toolbar.postData()!)).toEqual(JSON.parse(palette.postData()!));
    await page.context().close();
  });

  it("on the documents list the header button, Ctrl+Shift+K and / open it, and New document creates one", async () => {
    const session = await signUpViaApi(server.url);
    const page = await openInEditor(browser, server.url, session, (await createDoc(session, "First", "Text.")).id);
    await page.getByRole("link", { name: "Documents" }).click();
    await page.getByRole("heading", { name: "Your Documents" }).waitFor();
    // A button in the header shows the way in, with its shortcut.
    await page.getByRole("button", { name: "Search and commands", exact: true }).click();
    await box(page).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => box(page).count()).toBe(0);
    await page.keyboard.press("Control+Shift+K");
    await box(page).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => box(page).count()).toBe(0);
    await page.keyboard.press("/");
    await box(page).waitFor();
    // The editor's commands left with the editor.
    expect(await option(page, "Find and replace").count()).toBe(0);
    await box(page).fill("new doc");
    await option(page, "New document").waitFor();
    expect(await page.getByText("Ctrl+Shift+K toggle").count()).toBe(1);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    await editorBody(page).waitFor();
    const list = await api<DocumentRecord[]>(session, "GET", "/api/documents");
    expect(list).toHaveLength(2);
    await page.context().close();
  });

  it("a viewer is offered find but no replace, formatting or AI", async () => {
    const owner = await signUpViaApi(server.url);
    await buyPlan(server.url, owner, "professional");
    const doc = await createDoc(owner, "Viewed", "Read only text.");
    const viewer = await signUpViaApi(server.url);
    await inviteAndAccept(server.url, owner, doc.id, viewer, "viewer");
    const page = await openInEditor(browser, server.url, viewer, doc.id);
    await page.getByText("View only").waitFor();
    await page.keyboard.press("Control+Shift+K");
    await option(page, "Find in document").waitFor();
    for (const name of ["Find and replace", "Bold", "Check grammar", "Version history", "Share…"]) expect(await option(page, name).count(), name).toBe(0);
    await page.context().close();
  });

  it("stays in place while results change, opens find by touch on a phone, and fits 390 and 1280 px, light and dark", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const session = await signUpViaApi(server.url);
    await buyPlan(server.url, session, "professional");
    for (let i = 1; i <= 12; i++) await createDoc(session, `Tide table ${i}`, `High tide at ${i} o'clock, tide permitting, the tide turns.`);
    const doc = await createDoc(session, "Shots", "Draft one, draft two, and the final draft.");
    for (const width of [390, 1280]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openInEditor(browser, server.url, session, doc.id, { viewport: { width, height: 800 }, colorScheme, hasTouch: width === 390 });
        await editorBody(page).getByText("final draft").waitFor();
        if (width === 1280) {
          // A desktop's Find is in the Editor row.
          await page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Find", exact: true }).click();
          await page.getByRole("search", { name: "Find in document" }).waitFor();
          await expect.poll(() => page.getByRole("textbox", { name: "Find", exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
          await page.keyboard.press("Escape");
        }

        // Phone: the toolbar's Find button opens the bar by touch, and Show replace adds the field.
        if (width === 390) {
          // The Editor row keeps to one line (e2e/mobile.e2e.ts), so the phone's Find sits below it.
          expect(await page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Find", exact: true }).count()).toBe(0);
          await page.getByRole("button", { name: "Find", exact: true }).tap();
          await page.getByRole("search", { name: "Find in document" }).waitFor();
          await page.getByRole("button", { name: "Show replace" }).tap();
          await page.getByLabel("Replace with").waitFor();
          await page.getByRole("textbox", { name: "Find", exact: true }).fill("draft");
          await expect.poll(() => page.getByTestId("find-count").textContent()).toBe("1 of 3");
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `${SHOTS}/find-touch-${width}-${colorScheme}.png` });
          await page.getByRole("button", { name: "Close find" }).tap();
        }

        await page.getByRole("button", { name: "Search and commands", exact: true }).click();
        await box(page).waitFor();
        const dialog = page.locator("[data-command-palette]");
        const at = async () => {
          const r = (await dialog.boundingBox())!;
          const input = (await box(page).boundingBox())!;
          return { top: r.y, left: r.x, width: r.width, inputTop: input.y, bottom: r.y + r.height };
        };
        const empty = await at();
        await box(page).fill("tide");
        await page.getByRole("group", { name: "Documents" }).getByRole("option").nth(9).waitFor();
        const full = await at();
        // The box and its field keep their place; only the list below grows, and not past the screen.
        expect({ top: full.top, left: full.left, width: full.width, inputTop: full.inputTop }).toEqual({
          top: empty.top,
          left: empty.left,
          width: empty.width,
          inputTop: empty.inputTop,
        });
        expect(full.bottom).toBeLessThanOrEqual(800);
        const list = page.getByTestId("palette-list");
        expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
        // The last option, reached with ↑ from the first, is scrolled into view inside the list.
        await page.keyboard.press("ArrowUp");
        const last = page.getByRole("option").last();
        expect(await last.getAttribute("aria-selected")).toBe("true");
        await expect.poll(() => last.evaluate((el) => {
          const l = el.closest("[role=listbox]")!.getBoundingClientRect();
          const o = el.getBoundingClientRect();
          return o.top >= l.top - 1 && o.bottom <= l.bottom + 1;
        })).toBe(true);
        await page.keyboard.press("ArrowDown");
        await page.screenshot({ path: `${SHOTS}/palette-results-${width}-${colorScheme}.png` });
        await box(page).fill("");
        await page.getByRole("group", { name: "Commands" }).waitFor();
        expect((await at()).inputTop).toBe(empty.inputTop);
        await page.screenshot({ path: `${SHOTS}/palette-commands-${width}-${colorScheme}.png` });
        await page.keyboard.press("Escape");
        await page.screenshot({ path: `${SHOTS}/editor-header-${width}-${colorScheme}.png` });
        await page.context().close();
      }
    }
  });
});
