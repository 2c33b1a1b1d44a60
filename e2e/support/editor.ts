// A document open in the editor, signed in, for end-to-end tests that start there.
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
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
