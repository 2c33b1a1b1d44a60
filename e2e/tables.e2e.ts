// Tables in the browser editor. Desktop: a table inserted from the toolbar, cells typed with
// Tab, a row and a column added and two cells merged from the table menu; a second editor of
// the document sees it live, a reload keeps it and the Markdown export holds it. Phone
// (390 × 844, dark): a table from the slash menu and a row added from the table menu, which
// sits along the bottom of the screen, on the formatting bar, without widening the page.
// (Cells selected and merged on a phone: tables-phone.e2e.ts.)
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor, tableText } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

async function open(session: ApiSession, id: string, options: Parameters<typeof openInEditor>[4] = {}): Promise<Page> {
  const page = await openInEditor(app.browser, app.server.url, session, id, options);
  app.contexts.push(page.context());
  return page;
}


describe("tables", () => {
  it("desktop: insert, type with Tab, add a row and a column, merge; a co-editor sees it live, a reload keeps it, the Markdown export has it", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const doc = await app.api<DocumentRecord>(session, "POST", "/api/documents", { title: "Pantry", content: para("Stock") });
    const viewport = { width: 1280, height: 900 };
    const [a, b] = [await open(session, doc.id, { viewport }), await open(session, doc.id, { viewport })];

    await editorBody(a).getByText("Stock").click();
    await a.keyboard.press("End");
    await a.keyboard.press("Enter");
    await a.getByRole("button", { name: "Insert table", exact: true }).click();
    await expect.poll(() => tableText(a, { markHeaders: true })).toEqual([["#", "#", "#"], ["", "", ""], ["", "", ""]]);
    // The cursor starts in the first header cell; Tab walks the cells.
    for (const [i, word] of ["Item", "Qty", "Note", "Tea", "2", "green"].entries()) {
      if (i) await a.keyboard.press("Tab");
      await a.keyboard.type(word);
    }
    const menu = a.getByRole("toolbar", { name: "Table" });
    await menu.waitFor({ state: "visible" });
    // Just above the table.
    const [menuBox, tableBox] = await Promise.all([menu.boundingBox(), editorBody(a).locator("table").boundingBox()]);
    expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(tableBox!.y + 1);

    await menu.getByRole("button", { name: "Add row below" }).click();
    await menu.getByRole("button", { name: "Add column right" }).click();
    await expect.poll(() => tableText(a, { markHeaders: true })).toEqual([
      ["#Item", "#Qty", "#Note", "#"],
      ["Tea", "2", "green", ""],
      ["", "", "", ""],
      ["", "", "", ""],
    ]);
    // Two cells selected (click, then Shift+click) and merged.
    const cells = editorBody(a).locator("tr").nth(1).locator("td");
    // Selected again if a change from the co-editor's side turned the cell selection into a
    // caret before the click (the live document restores a selection by text positions).
    const merge = menu.getByRole("button", { name: "Merge cells" });
    await expect
      .poll(
        async () => {
          await cells.nth(1).click();
          await cells.nth(2).click({ modifiers: ["Shift"] });
          if (await merge.isEnabled()) await merge.click({ timeout: 2_000 }).catch(() => {});
          return (await tableText(a, { markHeaders: true }))?.[1]?.length;
        },
        { timeout: 30_000 },
      )
      .toBe(3);
    const expected = [
      ["#Item", "#Qty", "#Note", "#"],
      ["Tea", "2green[2]", ""],
      ["", "", "", ""],
      ["", "", "", ""],
    ];
    await expect.poll(() => tableText(a, { markHeaders: true })).toEqual(expected);

    // The co-editor's page shows it, live.
    await expect.poll(() => tableText(b, { markHeaders: true }), { timeout: 20_000 }).toEqual(expected);

    // Cells selected here stay selected while the co-editor types elsewhere.
    const selectionType = () => a.evaluate(() => (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor.state.selection.toJSON().type as string);
    const emptyRow = editorBody(a).locator("tr").nth(2).locator("td");
    await emptyRow.nth(0).click();
    await emptyRow.nth(1).click({ modifiers: ["Shift"] });
    await expect.poll(selectionType).toBe("cell");
    await editorBody(b).getByText("Stock").click();
    await b.keyboard.press("End");
    await b.keyboard.type(" list");
    // (Read from the editor's document: the page also shows the co-editor's caret label there.)
    await expect
      .poll(() => a.evaluate(() => (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor.state.doc.firstChild?.textContent), { timeout: 20_000 })
      .toBe("Stock list");
    expect(await selectionType()).toBe("cell");

    // Stored: a reload shows it again, and the Markdown export writes it (as HTML: it has a merged cell).
    await expect.poll(() => a.locator("[data-save-status]").getAttribute("data-save-status"), { timeout: 20_000 }).toBe("saved");
    await a.reload();
    await editorBody(a).waitFor({ state: "visible" });
    await expect.poll(() => tableText(a, { markHeaders: true }), { timeout: 20_000 }).toEqual(expected);
    const res = await fetch(`${app.server.url}/api/documents/${doc.id}/export?format=md`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(res.status).toBe(200);
    const md = await res.text();
    expect(md).toContain("<table>");
    expect(md).toContain("<tr><th><p>Item</p></th><th><p>Qty</p></th><th><p>Note</p></th><th><p><br></p></th></tr>");
    expect(md).toContain('<td colspan="2"><p>2</p><p>green</p></td>');
  });

  it("phone, dark: a table from the slash menu, a row added from the table menu at the bottom of the screen", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const doc = await app.api<DocumentRecord>(session, "POST", "/api/documents", { title: "On the go", content: para("List") });
    const page = await open(session, doc.id, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: "dark" });
    await editorBody(page).getByText("List").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/");
    const slash = page.getByRole("listbox", { name: "Insert block" });
    await slash.waitFor({ state: "visible" });
    await page.keyboard.type("table");
    await slash.getByRole("option", { name: /Table/ }).first().click();
    await expect.poll(() => tableText(page, { markHeaders: true })).toEqual([["#", "#", "#"], ["", "", ""], ["", "", ""]]);
    await page.keyboard.type("Day");

    const menu = page.getByRole("toolbar", { name: "Table" });
    await menu.waitFor({ state: "visible" });
    // Along the bottom, standing on the formatting bar, which stays in sight.
    const [box, bar] = [(await menu.boundingBox())!, (await page.getByTestId("phone-toolbar").boundingBox())!];
    expect(Math.abs(box.y + box.height - bar.y)).toBeLessThanOrEqual(1);
    expect(bar.y + bar.height).toBeGreaterThan(844 - 2);
    await menu.getByRole("button", { name: "Add row below" }).tap();
    await expect.poll(() => tableText(page, { markHeaders: true })).toEqual([["#Day", "#", "#"], ["", "", ""], ["", "", ""], ["", "", ""]]);
    // Nothing widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect
      .poll(async () => JSON.stringify((await app.api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`)).content), { timeout: 20_000 })
      .toContain('"tableHeader"');
  });
});
