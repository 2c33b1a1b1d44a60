// Spelling and grammar as you type through the operator's LanguageTool server
// (LANGUAGETOOL_URL), in real Chromium against the built server and a local server speaking
// LanguageTool's API: the editor's paragraphs go to POST /api/grammar/check, LanguageTool's
// findings are underlined and accepted like the browser's own, and when LanguageTool fails
// the editor goes on underlining with its own checker.
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLanguageTool } from "../src/server/grammar/languagetool-stub.test-util.js";
import { startAppAndBrowser } from "./support/app.js";
import { signUpViaApi } from "./support/auth.js";
import { editorBody, openNewDocument } from "./support/editor.js";

let lt: Awaited<ReturnType<typeof startLanguageTool>>;
// Filled in before the app starts (hooks run in the order they are registered).
const env: Record<string, string> = {};
beforeAll(async () => {
  lt = await startLanguageTool();
  env.LANGUAGETOOL_URL = lt.url;
});
afterAll(async () => {
  await lt?.close();
});
const app = startAppAndBrowser({ startTimeoutMs: 110_000, env });

const mark = (page: Page, word: string) => editorBody(page).locator(".grammar-mark", { hasText: new RegExp(`^${word}$`) });
const popover = (page: Page) => page.getByRole("dialog", { name: /suggestion/ });

describe("grammar as you type through LanguageTool", () => {
  it("underlines LanguageTool's findings, accepts one, and keeps underlining with the browser's checker when LanguageTool fails", { timeout: 180_000 }, async () => {
    const writer = await signUpViaApi(app.server.url, { grammarCheck: true });
    const { page } = await openNewDocument(app, writer, "Checked by LanguageTool");
    const checks: string[] = [];
    page.on("request", (r: Request) => {
      if (new URL(r.url()).pathname === "/api/grammar/check") checks.push(r.postData() ?? "");
    });

    await editorBody(page).click();
    await page.keyboard.type("She ate a apple on teh way.");
    // "a" is LanguageTool's finding (the stand-in's article rule), drawn as grammar.
    await expect.poll(() => mark(page, "a").count(), { timeout: 60_000 }).toBe(1);
    expect(await mark(page, "a").getAttribute("class")).toContain("grammar-grammar");
    expect(await mark(page, "teh").getAttribute("class")).toContain("grammar-spelling");
    expect(checks.some((body) => body.includes("She ate a apple"))).toBe(true);
    expect(lt.seen.some((s) => s.form.get("text")?.includes("She ate a apple on teh way."))).toBe(true);

    await mark(page, "a").click();
    await expect.poll(() => popover(page).textContent()).toContain("Use “an” instead of 'a'");
    await popover(page).getByRole("button", { name: "Accept “an”" }).click();
    await expect.poll(() => editorBody(page).textContent()).toContain("She ate an apple on teh way.");

    // LanguageTool down: the writer's new words are still checked, by the browser's own checker.
    lt.fail(503);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("We recieve letters.");
    await expect.poll(() => mark(page, "recieve").count(), { timeout: 60_000 }).toBe(1);
    lt.fail(null);
  });
});
