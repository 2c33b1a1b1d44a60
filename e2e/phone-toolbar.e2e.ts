// A phone that is a real editor: at 390×844 the formatting bar sits at the bottom of the
// visual viewport (above the on-screen keyboard) with Undo, Redo, Bold, Italic, Link, a
// list, the AI tools and "More"; every other action is in the "More" sheet, grouped, each a
// thumb-sized button; the title is at least as large as a Heading 1; every Settings tab is on
// screen; typing down the page keeps the caret above the bar. At 1280 the desktop row is as it was. Screenshots (SHOTS_DIR) at 390 and 1280, light and dark.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { animationsDone } from "./support/a11y.js";
import { startAppAndBrowser } from "./support/app.js";
import { signUpViaApi } from "./support/auth.js";
import { editorBody, openNewDocument, selectText } from "./support/editor.js";
import { shotBothSchemes } from "./support/shots.js";

const app = startAppAndBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const pressedOf = (page: Page, scope: "bar" | "sheet", name: string) =>
  (scope === "bar" ? page.getByTestId("phone-toolbar") : page.getByRole("dialog", { name: "Formatting" })).getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

/** Every WCAG 2.1 A/AA violation axe finds, whatever its impact. */
async function allViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("the phone's formatting bar", () => {
  it("at 390×844 applies Bold, undoes it, opens More for a heading and closes it, with AI tools behind one button", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const { page } = await openNewDocument(app, session, "Notes from the train", ["Make these words bold please.", "A line to turn into a heading."], {
      viewport: PHONE,
      hasTouch: true,
    });
    app.contexts.push(page.context());
    const bar = page.getByTestId("phone-toolbar");
    await bar.waitFor();
    // One formatting toolbar (the desktop row is not there), fixed to the bottom, no AI rows above the text.
    expect(await page.getByRole("toolbar", { name: "Formatting" }).count()).toBe(1);
    expect(await page.getByRole("toolbar", { name: "AI tools" }).count()).toBe(0);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);
    expect(barBox.width).toBeCloseTo(PHONE.width, 0);
    const names = await bar.getByRole("button").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    expect(names).toEqual(["Undo", "Redo", "Bold", "Italic", "Link", "Bullet list", "AI tools", "More formatting"]);
    for (const box of await bar.getByRole("button").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }

    // The title is at least as large as a Heading 1 of the body.
    const px = (sel: string) => page.locator(sel).first().evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    await editorBody(page).getByText("A line to turn into a heading.").click();
    await page.keyboard.press("Control+Alt+1");
    await editorBody(page).locator("h1").waitFor();
    expect(await px('[aria-label="Document title"]')).toBeGreaterThanOrEqual(await px(".draftsmith-prose h1"));
    await bar.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => editorBody(page).locator("h1").count()).toBe(0);

    // Bold from the bar, shown pressed; Undo from the bar takes it back.
    await selectText(page, "bold please");
    await bar.getByRole("button", { name: "Bold", exact: true }).click();
    await expect.poll(() => editorBody(page).locator("strong").textContent()).toBe("bold please");
    expect(await pressedOf(page, "bar", "Bold")).toBe("true");
    await expect.poll(() => bar.getByRole("button", { name: "Undo", exact: true }).isDisabled()).toBe(false);
    await bar.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => editorBody(page).locator("strong").count()).toBe(0);
    await shotBothSchemes(page, "phone-bar-390");

    // Above the on-screen keyboard: when the visual viewport shrinks, the bar rides up with it.
    await page.evaluate(() => {
      const vv = window.visualViewport!;
      Object.defineProperty(vv, "height", { configurable: true, get: () => 500 });
      vv.dispatchEvent(new Event("resize"));
    });
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(500);
    await page.evaluate(() => {
      const vv = window.visualViewport!;
      delete (vv as unknown as { height?: number }).height;
      vv.dispatchEvent(new Event("resize"));
    });
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(PHONE.height);

    // More: a sheet with every other action, grouped; a heading applied from it. (The
    // selection's own bubble, below the selection, goes once the selection is collapsed.)
    await page.keyboard.press("End");
    await page.getByRole("toolbar", { name: "Selection formatting" }).waitFor({ state: "hidden" });
    await editorBody(page).getByText("A line to turn into a heading.").click();
    const more = bar.getByRole("button", { name: "More formatting" });
    await more.click();
    const sheet = page.getByRole("dialog", { name: "Formatting" });
    await sheet.waitFor();
    for (const group of ["Headings", "Text", "Lists and blocks", "Insert", "Alignment", "Font", "Text colour"]) {
      expect(await sheet.getByRole("heading", { name: group, exact: true }).count()).toBe(1);
    }
    for (const name of ["Heading 1", "Underline", "Quote", "Insert table", "Footnote", "Align justify", "Highlight", "Red"]) {
      const box = (await sheet.getByRole("button", { name, exact: true }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await sheet.getByRole("button", { name: "Heading 2", exact: true }).click();
    await expect.poll(() => editorBody(page).locator("h2").textContent()).toBe("A line to turn into a heading.");
    expect(await pressedOf(page, "sheet", "Heading 2")).toBe("true");
    // axe finds nothing on the page with the sheet open.
    expect(await allViolations(page)).toEqual([]);
    await shotBothSchemes(page, "phone-more-sheet-390");
    await sheet.getByRole("heading", { name: "Text colour" }).scrollIntoViewIfNeeded();
    await shotBothSchemes(page, "phone-more-sheet-end-390");
    await page.keyboard.press("Escape");
    await expect.poll(() => sheet.count()).toBe(0);
    // Focus is back in the text, where it was.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ProseMirror"))).toBe(true);
    await more.click();
    await sheet.waitFor();
    await sheet.getByRole("button", { name: "Close formatting" }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await editorBody(page).locator("h2").count()).toBe(1);

    // The AI tools: one button, the same toolbar in a sheet.
    await bar.getByRole("button", { name: "AI tools" }).click();
    const aiSheet = page.getByRole("dialog", { name: "AI tools" });
    await aiSheet.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Grammar", exact: true }).waitFor();
    await shotBothSchemes(page, "phone-ai-sheet-390");
    await page.keyboard.press("Escape");
    await expect.poll(() => aiSheet.count()).toBe(0);

    // Every Settings tab is on screen and can be chosen.
    await page.getByRole("button", { name: /Account settings/ }).click();
    const settings = page.getByRole("dialog", { name: "Account Settings" });
    await settings.waitFor();
    await animationsDone(page);
    const dialogBox = (await settings.boundingBox())!;
    for (const tab of ["Profile", "Preferences", "Subscription", "Notifications", "AI"]) {
      const box = (await settings.getByRole("tab", { name: tab, exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
    await settings.getByRole("tab", { name: "AI", exact: true }).click();
    expect(await settings.getByRole("tab", { name: "AI", exact: true }).getAttribute("aria-selected")).toBe("true");
    await shotBothSchemes(page, "phone-settings-390");
  });

  it("typing line after line on a phone keeps the caret above the bar, and above the keyboard", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const { page } = await openNewDocument(app, session, "A long walk", ["Start of the walk."], { viewport: PHONE, hasTouch: true });
    app.contexts.push(page.context());
    const bar = page.getByTestId("phone-toolbar");
    await bar.waitFor();
    const caretBottom = () =>
      page.evaluate(() => {
        const { view, state } = (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor;
        return view.coordsAtPos(state.selection.head).bottom;
      });
    const barTop = async () => (await bar.boundingBox())!.y;
    await editorBody(page).getByText("Start of the walk.").click();
    await page.keyboard.press("End");
    for (let i = 1; i <= 30; i++) {
      await page.keyboard.press("Enter");
      await page.keyboard.insertText(`Step ${i} on the path.`);
    }
    await expect.poll(() => editorBody(page).textContent()).toContain("Step 30 on the path.");
    await expect.poll(async () => (await caretBottom()) <= (await barTop())).toBe(true);

    // The keyboard up (the visual viewport shrinks to 500 px): the next lines stay above the bar there.
    await page.evaluate(() => {
      const vv = window.visualViewport!;
      Object.defineProperty(vv, "height", { configurable: true, get: () => 500 });
      vv.dispatchEvent(new Event("resize"));
    });
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(500);
    for (let i = 31; i <= 36; i++) {
      await page.keyboard.press("Enter");
      await page.keyboard.insertText(`Step ${i} on the path.`);
    }
    await expect.poll(() => editorBody(page).textContent()).toContain("Step 36 on the path.");
    await expect.poll(async () => (await caretBottom()) <= (await barTop())).toBe(true);
  });

  it("at 1280 keeps the desktop row and the AI toolbar above the text", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const { page } = await openNewDocument(app, session, "Desk notes", ["Written at a desk."], { viewport: DESKTOP });
    app.contexts.push(page.context());
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await toolbar.getByRole("button", { name: "Bold", exact: true }).waitFor();
    expect(await toolbar.getByRole("button", { name: "Bold", exact: true }).isVisible()).toBe(true);
    expect(await toolbar.getByRole("button", { name: "Align justify" }).isVisible()).toBe(true);
    expect(await toolbar.getByRole("combobox", { name: "Font family" }).isVisible()).toBe(true);
    expect(await page.getByTestId("phone-toolbar").count()).toBe(0);
    expect(await page.getByRole("button", { name: "More formatting" }).count()).toBe(0);
    await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Grammar", exact: true }).waitFor();
    await selectText(page, "a desk");
    await toolbar.getByRole("button", { name: "Bold", exact: true }).click();
    await expect.poll(() => editorBody(page).locator("strong").textContent()).toBe("a desk");
    await shotBothSchemes(page, "desktop-toolbar-1280");
  });
});
