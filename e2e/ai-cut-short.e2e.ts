// AI answers that are cut short never touch the document, in real Chromium against an
// OpenAI-compatible stub (src/server/ai/openai-stub.test-util.ts): an empty answer is an error
// and the selection stays; an answer cut off mid-stream takes its suggested words back out.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { userText } from "../src/server/ai/openai-stub.test-util.js";
import { startAppWithAiStub } from "./support/ai-stub.js";
import { signUpViaApi } from "./support/auth.js";
import { editorBody, openNewDocument } from "./support/editor.js";
import { buyPlan } from "./support/api.js";

const app = startAppWithAiStub({ startTimeoutMs: 110_000 });

async function creatorWithDocument(text: string): Promise<Page> {
  const session = await signUpViaApi(app.server.url);
  await buyPlan(app.server.url, session, "creator");
  return (await openNewDocument(app, session, "AI cut short", [text])).page;
}

const TEXT = "The report was wrote in a hurry, and it shows in every paragraph of it.";

async function improveAll(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: "AI tools" });
  await toolbar.getByRole("button", { name: "Improve", exact: true }).waitFor({ timeout: 20_000 });
  await editorBody(page).click();
  await page.keyboard.press("Control+a");
  await toolbar.getByRole("button", { name: "Improve", exact: true }).click();
}

describe("AI answers cut short", () => {
  it("an empty answer is an error: no Accept is offered and the text stays", async () => {
    app.stub.options = { reply: () => "" };
    const page = await creatorWithDocument(TEXT);
    await improveAll(page);
    await page.getByText("The AI returned an empty answer, so nothing was changed.").first().waitFor({ timeout: 30_000 });
    const card = page.getByRole("region", { name: "AI suggestion", exact: true });
    expect(await card.count()).toBe(0);
    expect(await editorBody(page).textContent()).toBe(TEXT);
  });

  it("an answer cut off mid-stream takes its suggested words back out of the text", async () => {
    app.stub.options = { reply: (r) => userText(r).replace("was wrote in a hurry", "was written in haste"), chunks: 10, cutAfter: 6, chunkDelayMs: 200 };
    const page = await creatorWithDocument(TEXT);
    await improveAll(page);
    // Part of the answer shows in the text as suggestions while it streams …
    await expect.poll(() => editorBody(page).locator("ins.suggestion-insert").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // … and the broken answer leaves nothing behind.
    await page.getByRole("region", { name: "AI suggestions", exact: true }).waitFor({ state: "hidden", timeout: 30_000 });
    expect(await editorBody(page).locator("ins.suggestion-insert, del.suggestion-delete").count()).toBe(0);
    expect(await editorBody(page).textContent()).toBe(TEXT);
  });
});
