// A document open in the editor, signed in, for end-to-end tests that start there.
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { apiRequest } from "./api.js";
import { type ApiSession, putSessionInContext } from "./auth.js";

/** The editor's writing area. */
export const editorBody = (page: Page) => page.locator(".draftsmith-prose");

/**
 * Opens document `id` in a new browser context (with `options`, e.g. a viewport) signed in
 * as `session`, once its body shows. Close it with `await page.context().close()`.
 */
export async function openInEditor(
  browser: Browser,
  url: string,
  session: ApiSession,
  id: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  await putSessionInContext(context, url, session);
  const page = await context.newPage();
  await page.goto(`${url}/editor/${id}`);
  await editorBody(page).waitFor({ state: "visible", timeout: 30_000 });
  return page;
}

/**
 * Creates a document titled `title` as `session`, one paragraph per string (no content when
 * none are given, as a new document starts), and opens it like `openInEditor`.
 */
export async function openNewDocument(
  app: { server: { url: string }; browser: Browser },
  session: ApiSession,
  title: string,
  paragraphs?: string[],
  options: BrowserContextOptions = {},
): Promise<{ page: Page; id: string }> {
  const content = paragraphs && { type: "doc", content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) };
  const { id } = await apiRequest<{ id: string }>(app.server.url, session, "POST", "/api/documents", { title, content });
  return { page: await openInEditor(app.browser, app.server.url, session, id, options), id };
}

/**
 * Waits until the editor's own caret is at the end of its block (one whose text starts with
 * `startingWith`, when given: a click on another block may not have reached the editor yet).
 * The editor reads a native caret move (End) on the next selectionchange: on a quiet machine
 * an Enter pressed at once arrives before it and splits the block where the caret was.
 */
export async function caretAtBlockEnd(page: Page, startingWith?: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((start) => {
        const { $from } = (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor.state.selection;
        return $from.parentOffset === $from.parent.content.size && (start === null || $from.parent.textContent.startsWith(start));
      }, startingWith ?? null),
    )
    .toBe(true);
}

/**
 * Selects the first occurrence of `text` in the writing area, as a drag over it would, and
 * waits until the editor holds that selection (it reads the page's on the next selectionchange).
 */
export async function selectText(page: Page, text: string): Promise<void> {
  await editorBody(page).evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + wanted.length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return;
    }
    throw new Error(`no "${wanted}" in the text`);
  }, text);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { state } = (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor;
        return state.doc.textBetween(state.selection.from, state.selection.to);
      }),
    )
    .toBe(text);
}

/**
 * Each row of the editor's first table as its cells' text, a merged cell written "text[colspan]"
 * and, with `markHeaders`, a header cell written "#text". A co-editor's caret and its name label
 * are left out of the text.
 */
export const tableText = (page: Page, { markHeaders = false } = {}) =>
  editorBody(page)
    .locator("table")
    .first()
    .evaluate(
      (table, mark) =>
        Array.from(table.querySelectorAll("tr")).map((tr) =>
          Array.from(tr.querySelectorAll("th, td")).map((cell) => {
            const span = Number(cell.getAttribute("colspan") ?? 1);
            const copy = cell.cloneNode(true) as HTMLElement;
            for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
            return `${mark && cell.tagName === "TH" ? "#" : ""}${copy.textContent ?? ""}${span > 1 ? `[${span}]` : ""}`;
          }),
        ),
      markHeaders,
    )
    .catch(() => null);
