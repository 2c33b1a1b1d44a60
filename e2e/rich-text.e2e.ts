// Headings 4–6, to-do lists, superscript, subscript and highlight in Chromium: a writer
// inserts a heading 5 and a to-do list from the slash menu, ticks items with the mouse and
// the keyboard, and writes subscript, superscript and highlight from the toolbar, on a
// desktop and a 390 px phone; a co-editor (in dark mode) sees each change live, and a
// visitor of the public link sees them read-only. Screenshots go to /tmp/shots.
import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import type { DocNode } from "../src/shared/editor/schema";
import { animationsDone, seriousViolations } from "./support/a11y.js";
import { signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { pressFormatting } from "./support/formatting.js";
import { editorBody, openInEditor } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const SHOTS = "/tmp/shots";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Waits until the editor has focus and the last key has been read (see editor.e2e.ts). */
async function settle(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ProseMirror"))).toBe(true);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
}

async function slash(page: Page, filter: string, title: string) {
  await settle(page);
  await page.keyboard.type("/");
  const menu = page.getByRole("listbox", { name: "Insert block" });
  await menu.waitFor({ state: "visible" });
  await page.keyboard.type(filter);
  await expect.poll(() => menu.getByRole("option").first().textContent()).toContain(title);
  await page.keyboard.press("Enter");
  await menu.waitFor({ state: "hidden" });
}

/** An element's text without the other writers' caret labels. */
const textOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return copy.textContent ?? "";
  });
const tasks = (page: Page) => editorBody(page).locator('li[data-type="taskItem"]');
const checkedStates = (page: Page) => tasks(page).evaluateAll((items) => items.map((li) => li.getAttribute("data-checked")));

describe("rich text: headings 4–6, to-do lists, superscript, subscript and highlight", () => {
  for (const viewport of VIEWPORTS) {
    it(`on ${viewport.name} (${viewport.width} px) a writer adds each and a co-editor sees it live`, { timeout: 180_000 }, async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const session = await signUpViaApi(app.server.url);
      const doc = await app.api<DocumentRecord>(session, "POST", "/api/documents", { title: `Rich ${viewport.name}` });
      const size = { width: viewport.width, height: viewport.height };
      const writer = await openInEditor(app.browser, app.server.url, session, doc.id, { viewport: size, colorScheme: "light" });
      const coEditor = await openInEditor(app.browser, app.server.url, session, doc.id, { viewport: size, colorScheme: "dark" });
      app.contexts.push(writer.context(), coEditor.context());
      const body = editorBody(writer);
      const seen = editorBody(coEditor);
      await body.click();

      // Heading 5 from the slash menu's "More headings".
      await slash(writer, "h5", "Heading 5");
      await writer.keyboard.type("Section five");
      await expect.poll(() => textOf(seen.locator("h5")), { timeout: 15_000 }).toBe("Section five");
      await writer.keyboard.press("Enter");

      // A to-do list from the slash menu, two items.
      await slash(writer, "to-do", "To-do List");
      await writer.keyboard.type("First task");
      await writer.keyboard.press("Enter");
      await writer.keyboard.type("Second task");
      await expect.poll(() => tasks(coEditor).count(), { timeout: 15_000 }).toBe(2);
      expect(await checkedStates(coEditor)).toEqual(["false", "false"]);

      // Ticked with the mouse, then with the keyboard (Ctrl+Enter in the item).
      await tasks(writer).first().getByRole("checkbox").click();
      await expect.poll(() => checkedStates(coEditor), { timeout: 15_000 }).toEqual(["true", "false"]);
      await settle(writer);
      await writer.keyboard.press("Control+Enter");
      await expect.poll(() => checkedStates(coEditor), { timeout: 15_000 }).toEqual(["true", "true"]);
      await writer.keyboard.press("Control+Enter");
      await expect.poll(() => checkedStates(coEditor), { timeout: 15_000 }).toEqual(["true", "false"]);
      expect(await tasks(coEditor).nth(0).getByRole("checkbox").isChecked()).toBe(true);

      // Out of the list (Enter on an empty item), then subscript, superscript and highlight
      // from the formatting toolbar (on a phone from the bar's "More" sheet).
      await writer.keyboard.press("End");
      await writer.keyboard.press("Enter");
      await writer.keyboard.press("Enter");
      const toolbar = writer.getByRole("toolbar", { name: "Formatting" });
      const press = async (name: string) => {
        await pressFormatting(writer, name);
        await settle(writer);
      };
      await writer.keyboard.type("Water is H");
      await press("Subscript");
      await writer.keyboard.type("2");
      await press("Subscript");
      await writer.keyboard.type("O, area in m");
      await press("Superscript");
      await writer.keyboard.type("2");
      await press("Superscript");
      await writer.keyboard.type(", ");
      await press("Highlight");
      await writer.keyboard.type("remember this");
      await press("Highlight");
      await writer.keyboard.type(".");
      await expect.poll(() => textOf(seen.locator("sub")), { timeout: 15_000 }).toBe("2");
      await expect.poll(() => textOf(seen.locator("sup")), { timeout: 15_000 }).toBe("2");
      await expect.poll(() => textOf(seen.locator("mark")), { timeout: 15_000 }).toBe("remember this");
      await expect.poll(() => textOf(seen.locator("p", { hasText: "Water is" })), { timeout: 15_000 }).toBe("Water is H2O, area in m2, remember this.");
      // Out of the list: To-do list shows unpressed (on a phone, in the "More" sheet).
      if (viewport.name === "phone") {
        await toolbar.getByRole("button", { name: "More formatting" }).click();
        const sheet = writer.getByRole("dialog", { name: "Formatting" });
        expect(await sheet.getByRole("button", { name: "To-do list" }).getAttribute("aria-pressed")).toBe("false");
        await writer.keyboard.press("Escape");
        await sheet.waitFor({ state: "detached" });
      } else {
        expect(await toolbar.getByRole("button", { name: "To-do list" }).getAttribute("aria-pressed")).toBe("false");
      }

      // The box is large enough to tap and sits on its item's first line.
      const box = (await tasks(writer).first().getByRole("checkbox").boundingBox())!;
      const line = (await tasks(writer).first().locator("p").boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(14);
      expect(box.y).toBeGreaterThanOrEqual(line.y - 2);
      expect(box.y + box.height).toBeLessThanOrEqual(line.y + line.height + 2);

      // Stored as the schema's nodes and marks.
      await expect
        .poll(
          async () => {
            const stored = (await app.api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).content as DocNode;
            return JSON.stringify(stored);
          },
          { timeout: 20_000 },
        )
        .toMatch(/"heading","attrs":\{[^}]*"level":5.*"taskList".*"checked":true.*"subscript".*"superscript".*"highlight"/);

      // Nothing serious for axe in the editor with these pieces, light and dark (the boxes are labelled).
      for (const page of [writer, coEditor]) {
        await animationsDone(page);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await writer.screenshot({ path: `${SHOTS}/rich-text-${viewport.width}-light.png` });
      await coEditor.screenshot({ path: `${SHOTS}/rich-text-${viewport.width}-dark.png` });

      // The read-only shared view shows the same pieces; its boxes cannot be ticked.
      await app.api(session, "PUT", `/api/documents/${doc.id}/share`, { isPublic: true });
      const visitorContext = await app.browser.newContext({ viewport: size });
      app.contexts.push(visitorContext);
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${app.server.url}/shared/${doc.id}`);
      const shared = visitor.locator(".shared-prose");
      await shared.waitFor({ state: "visible", timeout: 30_000 });
      expect(await textOf(shared.locator("h5"))).toBe("Section five");
      const sharedTasks = shared.locator('li[data-type="taskItem"]');
      expect(await sharedTasks.evaluateAll((items) => items.map((li) => li.getAttribute("data-checked")))).toEqual(["true", "false"]);
      expect(await textOf(shared.locator("mark"))).toBe("remember this");
      expect(await shared.locator("sub").count()).toBe(1);
      expect(await shared.locator("sup").count()).toBe(1);
      await sharedTasks.nth(1).getByRole("checkbox").click({ force: true });
      // A press on a box changes it at once if it can; two frames let any redraw run.
      await visitor.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await sharedTasks.nth(1).getByRole("checkbox").isChecked()).toBe(false);
      await visitor.screenshot({ path: `${SHOTS}/rich-text-shared-${viewport.width}-light.png` });
    });
  }
});
