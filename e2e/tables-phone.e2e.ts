// Merging cells on a phone (390 × 844, touch), where there is no drag and no Shift: a cell
// tapped, "Extend selection right" in the table menu selects it and its neighbour; the menu
// stays in sight above the formatting bar (the AI selection helper above it), whose Bold
// applies to both cells; "Merge cells" makes one cell spanning two columns, which a
// co-editor on a desktop sees live. Then the same menu from the keyboard: "Select row" and "Select column" pressed with Enter.
// Screenshots (SHOTS_DIR) of the selected cells at 390, light and dark.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor, tableText } from "./support/editor.js";
import { shotBothSchemes } from "./support/shots.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const PHONE = { width: 390, height: 844 };

async function open(session: ApiSession, id: string, options: Parameters<typeof openInEditor>[4] = {}): Promise<Page> {
  const page = await openInEditor(app.browser, app.server.url, session, id, options);
  app.contexts.push(page.context());
  return page;
}


/** The editor's selection: its kind and the text of each selected cell. */
const selected = (page: Page) =>
  page.evaluate(() => {
    const { state } = (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor;
    const cells: string[] = [];
    state.selection.content().content.descendants((node) => {
      if (node.type.name === "tableCell" || node.type.name === "tableHeader") cells.push(node.textContent);
      return node.type.name === "table" || node.type.name === "tableRow";
    });
    return { type: state.selection.toJSON().type as string, cells };
  });

describe("tables on a phone", () => {
  it("two cells of a row selected from the table menu, made bold from the formatting bar and merged; a co-editor sees the merged cell", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const doc = await app.api<DocumentRecord>(session, "POST", "/api/documents", {
      title: "Groceries",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Shopping" }] }] },
    });
    const phone = await open(session, doc.id, { viewport: PHONE, isMobile: true, hasTouch: true });
    const desk = await open(session, doc.id, { viewport: { width: 1280, height: 900 } });

    await editorBody(phone).getByText("Shopping").tap();
    await phone.keyboard.press("End");
    await phone.keyboard.press("Enter");
    await phone.keyboard.type("/");
    const slash = phone.getByRole("listbox", { name: "Insert block" });
    await slash.waitFor({ state: "visible" });
    await phone.keyboard.type("table");
    await slash.getByRole("option", { name: /Table/ }).first().tap();
    await expect.poll(() => tableText(phone)).toEqual([["", "", ""], ["", "", ""], ["", "", ""]]);
    // The cursor starts in the first header cell; Tab walks the cells.
    for (const [i, word] of ["Item", "Qty", "Shop", "Tea", "Milk", "Corner"].entries()) {
      if (i) await phone.keyboard.press("Tab");
      await phone.keyboard.type(word);
    }
    // The co-editor has the table before cells are selected here.
    await expect.poll(() => tableText(desk), { timeout: 20_000 }).toEqual([["Item", "Qty", "Shop"], ["Tea", "Milk", "Corner"], ["", "", ""]]);

    const menu = phone.getByRole("toolbar", { name: "Table" });
    const bar = phone.getByTestId("phone-toolbar");
    await editorBody(phone).getByText("Tea", { exact: true }).tap();
    await menu.getByRole("button", { name: "Extend selection right" }).tap();
    await expect.poll(() => selected(phone)).toEqual({ type: "cell", cells: ["Tea", "Milk"] });

    // Both menus in sight, the table menu standing on the formatting bar; every button a thumb's size.
    const [menuBox, barBox] = [(await menu.boundingBox())!, (await bar.boundingBox())!];
    expect(Math.abs(menuBox.y + menuBox.height - barBox.y)).toBeLessThanOrEqual(1);
    expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);
    for (const box of await menu.getByRole("button").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    // The AI selection helper, which stands on the formatting bar too, goes above the table menu.
    const helper = phone.getByRole("toolbar", { name: "AI selection helper" });
    await helper.waitFor({ state: "visible" });
    await expect.poll(async () => (await helper.boundingBox())!.y + (await helper.boundingBox())!.height).toBeLessThanOrEqual(menuBox.y);
    await expect.poll(() => menu.getByRole("button", { name: "Merge cells" }).isEnabled()).toBe(true);
    await shotBothSchemes(phone, "tables-phone-cells-390");

    // The formatting bar's Bold makes both cells bold, as on a desktop.
    await bar.getByRole("button", { name: "Bold", exact: true }).tap();
    await expect.poll(() => editorBody(phone).locator("td strong").allTextContents()).toEqual(["Tea", "Milk"]);
    expect(await selected(phone)).toEqual({ type: "cell", cells: ["Tea", "Milk"] });

    await menu.getByRole("button", { name: "Merge cells" }).tap();
    const expected = [["Item", "Qty", "Shop"], ["TeaMilk[2]", "Corner"], ["", "", ""]];
    await expect.poll(() => tableText(phone)).toEqual(expected);
    const merged = editorBody(phone).locator("tr").nth(1).locator("td").first();
    expect(await merged.getAttribute("colspan")).toBe("2");
    expect(await merged.locator("strong").allTextContents()).toEqual(["Tea", "Milk"]);
    await shotBothSchemes(phone, "tables-phone-merged-390");

    // The co-editor's page shows the merged cell, live.
    await expect.poll(() => tableText(desk), { timeout: 20_000 }).toEqual(expected);
    expect(await editorBody(desk).locator("tr").nth(1).locator("td").first().getAttribute("colspan")).toBe("2");
    // And it is stored.
    await expect
      .poll(async () => JSON.stringify((await app.api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).content), { timeout: 20_000 })
      .toContain('"colspan":2');
  });

  it("from the keyboard: the table menu's Select column and Select row pressed with Enter", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const cell = (t: string) => ({ type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: t }] }] });
    const row = (...cells: string[]) => ({ type: "tableRow", content: cells.map(cell) });
    const doc = await app.api<DocumentRecord>(session, "POST", "/api/documents", {
      title: "Rota",
      content: { type: "doc", content: [{ type: "table", content: [row("Mon", "Ann"), row("Tue", "Bob")] }] },
    });
    const page = await open(session, doc.id, { viewport: { width: 1280, height: 900 } });
    await editorBody(page).getByText("Ann").click();
    const menu = page.getByRole("toolbar", { name: "Table" });
    await menu.getByRole("button", { name: "Select column" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => selected(page)).toEqual({ type: "cell", cells: ["Ann", "Bob"] });
    await menu.getByRole("button", { name: "Select row" }).focus();
    await page.keyboard.press("Enter");
    // The rows of the selected cells: both, whole.
    await expect.poll(() => selected(page)).toEqual({ type: "cell", cells: ["Mon", "Ann", "Tue", "Bob"] });
    expect(await menu.getByRole("button", { name: "Merge cells" }).isEnabled()).toBe(true);
  });
});
