// The conventions writers bring from Docs, Word and Notion, on a desktop and a phone: the
// toolbar's Undo and Redo, Ctrl/Cmd+K for a link, the search and AI shortcuts, the outline,
// word-count goals, counts without pending suggestions, a selection bubble that covers neither
// the line above nor the title and stays away during Find. One app and one account for the file;
// each test opens the pages it needs.
import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { startAppAndBrowser } from "./support/app.js";
import { seriousViolations } from "./support/a11y.js";
import { buyPlan } from "./support/api.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { caretAtBlockEnd, editorBody, selectText } from "./support/editor.js";

const SHOTS = "/tmp/shots/conventions";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const app = startAppAndBrowser();
let session: ApiSession;

beforeAll(async () => {
  session = await signUpViaApi(app.server.url);
  // Professional: more than three documents, and the AI tools unlocked.
  await buyPlan(app.server.url, session, "professional");
  fs.mkdirSync(SHOTS, { recursive: true });
});

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const heading = (level: number, text: string) => ({ type: "heading", attrs: { level }, content: [{ type: "text", text }] });

async function newContext(viewport: { width: number; height: number }, colorScheme: "light" | "dark" = "light"): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport, colorScheme, hasTouch: viewport.width < 768 });
  app.contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  return context;
}

async function createDocument(title: string, content: unknown[] = []): Promise<string> {
  const { id } = await app.api<{ id: string }>(session, "POST", "/api/documents", { title, content: { type: "doc", content } });
  return id;
}

async function openEditor(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.server.url}/editor/${id}`);
  await editorBody(page).waitFor({ state: "visible", timeout: 30_000 });
  await page.getByText("Loading document...").waitFor({ state: "detached" });
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const bodyText = (page: Page) => editorBody(page).innerText();

/** The element lies inside the window (a phone user can reach it without scrolling sideways). */
async function inWindow(page: Page, name: string): Promise<boolean> {
  const box = await page.getByRole("button", { name, exact: true }).boundingBox();
  const width = page.viewportSize()!.width;
  return !!box && box.x >= 0 && box.x + box.width <= width;
}

describe("toolbar Undo and Redo", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`follow the live document's undo stack (${label})`, async () => {
      const context = await newContext(viewport);
      const page = await openEditor(context, await createDocument(`Undo ${label}`));
      const toolbar = page.getByRole("toolbar", { name: "Formatting" });
      const undo = toolbar.getByRole("button", { name: "Undo", exact: true });
      const redo = toolbar.getByRole("button", { name: "Redo", exact: true });
      expect(await undo.isDisabled()).toBe(true);
      expect(await redo.isDisabled()).toBe(true);
      expect(await inWindow(page, "Undo")).toBe(true);
      expect(await inWindow(page, "Redo")).toBe(true);

      await editorBody(page).click();
      // One input, so one undo step: typed key by key on a busy machine, the words can span
      // several steps (a step groups what comes within 0.5 s) and one Undo leaves Undo enabled.
      await page.keyboard.insertText("Words to take back");
      await expect.poll(() => undo.isDisabled()).toBe(false);
      expect(await redo.isDisabled()).toBe(true);

      if (label === "phone") await undo.tap();
      else await undo.click();
      await expect.poll(() => bodyText(page)).not.toContain("Words to take back");
      await expect.poll(() => redo.isDisabled()).toBe(false);
      await expect.poll(() => undo.isDisabled()).toBe(true);

      if (label === "phone") await redo.tap();
      else await redo.click();
      await expect.poll(() => bodyText(page)).toContain("Words to take back");
      await expect.poll(() => redo.isDisabled()).toBe(true);
      expect(await undo.isDisabled()).toBe(false);
      await shot(page, `undo-${viewport.width}-light`);
      await context.close();
    });
  }
});

const paletteBox = (page: Page) => page.getByRole("combobox", { name: "Search documents and commands" });

describe("shortcuts", () => {
  it("Ctrl/Cmd+K pressed before the browser has told the page of a new selection links the words selected", async () => {
    const context = await newContext(DESKTOP);
    const page = await openEditor(context, await createDocument("Quick link", [paragraph("Read the harbour guide first.")]));
    await editorBody(page).getByText("Read the harbour guide first.").click();
    await page.keyboard.press("Home");
    for (let i = 0; i < 9; i++) await page.keyboard.press("ArrowRight");
    // The browser's "selectionchange" events are held back while Shift+→ selects, as on a busy
    // machine where the shortcut's key arrives before them.
    await page.evaluate(() => {
      const w = window as unknown as { holdSelectionChange?: boolean };
      w.holdSelectionChange = true;
      window.addEventListener("selectionchange", (e) => w.holdSelectionChange && e.stopImmediatePropagation(), true);
    });
    for (let i = 0; i < 13; i++) await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("ControlOrMeta+k");
    await page.evaluate(() => {
      (window as unknown as { holdSelectionChange?: boolean }).holdSelectionChange = false;
    });
    const add = page.getByRole("dialog", { name: "Add link" });
    await add.waitFor();
    await page.keyboard.type("example.com/guide");
    await page.keyboard.press("Enter");
    await add.waitFor({ state: "detached" });
    const link = editorBody(page).locator("a");
    await expect.poll(() => link.textContent()).toBe("harbour guide");
    expect(await bodyText(page)).toBe("Read the harbour guide first.");
    await context.close();
  });

  it("Ctrl/Cmd+K in the text adds and edits a link; Ctrl+J is AI Assist; Ctrl+Shift+K searches; all are listed (desktop)", async () => {
    const context = await newContext(DESKTOP);
    const page = await openEditor(context, await createDocument("Shortcuts", [paragraph("Read the harbour guide first.")]));
    const shortcuts = page.getByRole("region", { name: "Shortcuts" });
    await expect.poll(() => shortcuts.innerText()).toMatch(/Link\s+Ctrl\+K/);
    expect(await shortcuts.innerText()).toMatch(/AI Assist \(Ask AI\)\s+Ctrl\+J/);
    expect(await shortcuts.innerText()).toMatch(/Search and commands\s+Ctrl\+Shift\+K/);

    // Select "harbour guide", Ctrl+K, an address: the words become a link.
    await editorBody(page).getByText("Read the harbour guide first.").click();
    await page.keyboard.press("Home");
    for (let i = 0; i < 9; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < 13; i++) await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("ControlOrMeta+k");
    const add = page.getByRole("dialog", { name: "Add link" });
    await add.waitFor();
    await page.keyboard.type("example.com/guide");
    await page.keyboard.press("Enter");
    await add.waitFor({ state: "detached" });
    const link = editorBody(page).locator("a");
    await expect.poll(() => link.textContent()).toBe("harbour guide");
    expect(await link.getAttribute("href")).toBe("https://example.com/guide");

    // With the cursor in the link, Ctrl+K edits it: the dialog says so and holds the address.
    await link.click();
    await page.keyboard.press("ControlOrMeta+k");
    const edit = page.getByRole("dialog", { name: "Edit link" });
    await edit.waitFor();
    expect(await edit.getByRole("textbox", { name: "URL" }).inputValue()).toBe("https://example.com/guide");
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });

    // Ctrl+J opens Ask AI (AI Assist), not the palette.
    await editorBody(page).click();
    await page.keyboard.press("ControlOrMeta+j");
    const ask = page.getByRole("dialog", { name: "Ask AI" });
    await ask.waitFor();
    expect(await paletteBox(page).count()).toBe(0);
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });

    // Ctrl+Shift+K opens search and commands, which names the keys of both.
    await page.keyboard.press("ControlOrMeta+Shift+K");
    await paletteBox(page).fill("link");
    const linkOption = page.getByRole("option", { name: "Insert or edit link", exact: true });
    await linkOption.waitFor();
    expect(await linkOption.getAttribute("aria-keyshortcuts")).toBe("Control+K");
    await paletteBox(page).fill("ai assist");
    const askOption = page.getByRole("option", { name: "AI Assist: ask AI", exact: true });
    await askOption.waitFor();
    expect(await askOption.getAttribute("aria-keyshortcuts")).toBe("Control+J");
    expect(await page.getByText("Ctrl+Shift+K toggle").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "palette-1280-light");
    await page.keyboard.press("Enter");
    await ask.waitFor();
    await page.keyboard.press("Escape");

    // The same keys on the documents list, and "/" there too.
    await page.getByRole("link", { name: "Documents" }).click();
    await page.getByRole("heading", { name: "Your Documents" }).waitFor();
    await page.keyboard.press("ControlOrMeta+Shift+K");
    await paletteBox(page).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => paletteBox(page).count()).toBe(0);
    await page.keyboard.press("/");
    await paletteBox(page).waitFor();
    await context.close();
  });

  it("the palette lists the link and AI Assist with their keys on a phone", async () => {
    const context = await newContext(PHONE, "dark");
    const page = await openEditor(context, await createDocument("Phone shortcuts", [paragraph("Text.")]));
    await page.getByRole("button", { name: "Search and commands", exact: true }).tap();
    await paletteBox(page).fill("link");
    await page.getByRole("option", { name: "Insert or edit link", exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "palette-390-dark");
    await context.close();
  });
});

const SENTENCE = "The river runs past the mill and under the old stone bridge before it reaches the sea.";
const chapter = (n: number) => [heading(2, `Part ${n}`), ...Array.from({ length: 8 }, () => paragraph(SENTENCE))];

/** The heading's top, relative to the top of the scrolling text area. */
const headingTop = (page: Page, text: string) =>
  page.evaluate((t) => {
    const main = document.querySelector("main#main")!.getBoundingClientRect().top;
    const h = [...document.querySelectorAll(".draftsmith-prose h2")].find((e) => e.textContent === t)!;
    return h.getBoundingClientRect().top - main;
  }, text);

describe("outline", () => {
  it("lists the headings beside the stats, follows new ones, and jumps to one (desktop)", async () => {
    const context = await newContext(DESKTOP);
    const page = await openEditor(context, await createDocument("Rivers", [heading(1, "Rivers of the North"), ...chapter(1), ...chapter(2), ...chapter(3)]));
    const panel = page.getByRole("complementary", { name: "Document panel" });
    const outline = panel.getByRole("navigation", { name: "Outline" });
    await expect.poll(() => outline.getByRole("button").allTextContents()).toEqual(["Rivers of the North", "Part 1", "Part 2", "Part 3"]);

    await outline.getByRole("button", { name: "Part 3", exact: true }).click();
    // Shown near the top of the text, below the toolbar, and the cursor is at its start.
    // (Polled as one: a smooth scroll may still be moving when the first bound holds.)
    await expect
      .poll(async () => {
        const top = await headingTop(page, "Part 3");
        return top > 40 && top < 140;
      })
      .toBe(true);
    // The text has the focus before typing, on a busy machine too.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ProseMirror"))).toBe(true);
    await page.keyboard.type("The last ");
    await expect.poll(() => outline.getByRole("button").allTextContents()).toEqual(["Rivers of the North", "Part 1", "Part 2", "The last Part 3"]);

    // A new heading joins the list.
    await page.keyboard.press("End");
    await caretAtBlockEnd(page, "The last Part 3");
    await page.keyboard.press("Enter");
    await page.keyboard.type("## Sources");
    await expect.poll(() => outline.getByRole("button").allTextContents()).toEqual(["Rivers of the North", "Part 1", "Part 2", "The last Part 3", "Sources"]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "outline-1280-light");
    await context.close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`is in the document panel's sheet on a phone, and a press closes it and jumps (${theme})`, async () => {
      const context = await newContext(PHONE, theme);
      const page = await openEditor(context, await createDocument("Rivers phone", [heading(1, "Rivers"), ...chapter(1), ...chapter(2)]));
      await page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Document panel" }).tap();
      const sheet = page.getByRole("dialog", { name: "Document panel" });
      const outline = sheet.getByRole("navigation", { name: "Outline" });
      await expect.poll(() => outline.getByRole("button").allTextContents()).toEqual(["Rivers", "Part 1", "Part 2"]);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `outline-390-${theme}`);
      // The shortcuts further down: on a narrow sheet no label runs up against its keys.
      const shortcuts = sheet.locator("section[aria-labelledby='shortcuts-heading']");
      await shortcuts.scrollIntoViewIfNeeded();
      const gaps = await shortcuts.locator("dl > div").evaluateAll((rows) =>
        rows.map((row) => row.querySelector("kbd")!.getBoundingClientRect().left - row.querySelector("dt")!.getBoundingClientRect().right),
      );
      expect(gaps.length).toBeGreaterThan(5);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8);
      await shot(page, `shortcuts-390-${theme}`);
      await outline.getByRole("button", { name: "Part 2", exact: true }).tap();
      await sheet.waitFor({ state: "detached" });
      await expect.poll(async () => Math.round(await headingTop(page, "Part 2"))).toBeLessThan(180);
      expect(await headingTop(page, "Part 2")).toBeGreaterThan(0);
      await context.close();
    });
  }
});

const panelStat = (scope: ReturnType<Page["getByRole"]>, name: string) =>
  scope.locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]");

describe("word-count goals and counts", () => {
  it("a goal set in the stats panel shows its progress as the text grows, and on the dashboard card (desktop)", async () => {
    const context = await newContext(DESKTOP);
    const id = await createDocument("Essay with a goal", [paragraph("One two three four five.")]);
    const page = await openEditor(context, id);
    const panel = page.getByRole("complementary", { name: "Document panel" });
    await panel.getByRole("button", { name: "Set a word goal" }).click();
    const field = panel.getByRole("textbox", { name: "Word goal" });
    await field.fill("0");
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    await panel.getByRole("alert").waitFor();
    await field.fill("20");
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    const bar = panel.getByRole("progressbar", { name: "Word goal" });
    await expect.poll(() => bar.getAttribute("aria-valuetext")).toBe("5 of 20 words, 25%");

    await editorBody(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Six seven eight nine ten.");
    await expect.poll(() => bar.getAttribute("aria-valuetext")).toBe("10 of 20 words, 50%");
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "goal-1280-light");

    // The dashboard card shows the same progress once the text is stored.
    await page.getByText("Saved", { exact: true }).first().waitFor();
    await page.getByRole("link", { name: "Documents" }).click();
    const card = page.getByTestId("document-card").filter({ hasText: "Essay with a goal" });
    await expect.poll(() => card.getByRole("progressbar", { name: "Word goal" }).getAttribute("aria-valuetext")).toBe("10 of 20 words, 50%");
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "goal-dashboard-1280-light");
    await context.close();
  });

  it("counts leave pending suggested words out, and the goal shows in the phone's panel sheet (dark)", async () => {
    const suggestion = (type: string, text: string) => ({ type: "text", text, marks: [{ type, attrs: { id: "s1", group: "g1" } }] });
    const id = await createDocument("Suggested", [
      { type: "paragraph", content: [{ type: "text", text: "This is " }, suggestion("suggestionDelete", "an"), suggestion("suggestionInsert", "a brand new"), { type: "text", text: " test." }] },
    ]);
    await app.api(session, "PATCH", `/api/documents/${id}/goal`, { word_goal: 8 });
    const context = await newContext(PHONE, "dark");
    const page = await openEditor(context, id);
    await page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Document panel" }).tap();
    const sheet = page.getByRole("dialog", { name: "Document panel" });
    // "This is an test." as written: 4 words, 16 characters; the suggested "a brand new" is not counted.
    await expect.poll(() => panelStat(sheet, "Words").textContent()).toBe("4");
    expect(await panelStat(sheet, "Characters").textContent()).toBe("16");
    await expect.poll(() => sheet.getByRole("progressbar", { name: "Word goal" }).getAttribute("aria-valuetext")).toBe("4 of 8 words, 50%");
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "goal-390-dark");
    await context.close();
  });
});

describe("selection bubble", () => {
  const box = async (page: Page, selector: () => DOMRect | null) => page.evaluate(selector);
  for (const [label, viewport, scheme] of [
    ["desktop", DESKTOP, "light"],
    ["phone", PHONE, "dark"],
  ] as const) {
    it(`sits below the selection, clear of the title and the line above, and stays away while Find is open (${label}, ${scheme})`, async () => {
      const id = await createDocument("Bubble placement", [paragraph("First line of the text."), paragraph("Second line, read back while formatting.")]);
      const context = await newContext(viewport, scheme);
      const page = await openEditor(context, id);
      const bubble = page.getByRole("toolbar", { name: "Selection formatting" });

      // A word on the first line, just under the title.
      await selectText(page, "First line");
      await bubble.waitFor({ state: "visible" });
      const bubbleBox = (await bubble.boundingBox())!;
      const selection = (await box(page, () => window.getSelection()?.getRangeAt(0).getBoundingClientRect().toJSON() ?? null))!;
      const title = (await page.getByLabel("Document title").boundingBox())!;
      expect(bubbleBox.y).toBeGreaterThanOrEqual(selection.bottom);
      expect(bubbleBox.y).toBeGreaterThanOrEqual(title.y + title.height);
      await shot(page, `bubble-${viewport.width}-${scheme}`);

      // A word on the second line: the first line above it stays readable.
      await selectText(page, "read back");
      const firstLine = (await editorBody(page).locator("p").first().boundingBox())!;
      await expect.poll(async () => (await bubble.boundingBox())?.y ?? -1).toBeGreaterThan(firstLine.y + firstLine.height);

      if (label === "desktop") {
        // Find: the current match is highlighted in the text, and no bubble covers it.
        await page.keyboard.press("Control+f");
        await page.getByRole("search", { name: "Find in document" }).waitFor();
        await page.keyboard.type("line");
        await expect.poll(() => editorBody(page).locator(".find-match-current").count()).toBe(1);
        await expect.poll(() => bubble.isVisible()).toBe(false);
        await page.keyboard.press("Enter");
        await expect.poll(() => editorBody(page).locator(".find-match-current").textContent()).toBe("line");
        expect(await bubble.isVisible()).toBe(false);
        await shot(page, "find-no-bubble-1280-light");
      }
      await context.close();
    });
  }
});
