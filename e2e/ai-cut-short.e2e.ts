// AI answers that are cut short never touch the document, in real Chromium against an
// OpenAI-compatible stub (src/server/ai/openai-stub.test-util.ts): an empty answer is an error
// and the selection stays; an answer cut off mid-stream takes its suggested words back out.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiStub, startOpenAiStub, userText } from "../src/server/ai/openai-stub.test-util.js";
import { withAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";
import { apiRequest, buyPlan } from "./support/api.js";

let stub: OpenAiStub;
let server: RunningServer;
let browser: Browser;
// Filled in before the server starts (withAppAndBrowser reads it in its own beforeAll).
const env: Record<string, string> = { AI_API_KEY: "sk-test", AI_MODEL: "stub-model" };

beforeAll(async () => {
  stub = await startOpenAiStub();
  env.AI_BASE_URL = stub.url;
});
afterAll(async () => stub?.close());

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { env, startTimeoutMs: 110_000 });

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

async function creatorWithDocument(text: string): Promise<Page> {
  const session = await signUpViaApi(server.url);
  await buyPlan(server.url, session, "creator");
  const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
  const doc = await api<{ id: string }>(session, "POST", "/api/documents", { title: "AI cut short", content });
  return openInEditor(browser, server.url, session, doc.id);
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
    stub.options = { reply: () => "" };
    const page = await creatorWithDocument(TEXT);
    await improveAll(page);
    await page.getByText("The AI returned an empty answer, so nothing was changed.").first().waitFor({ timeout: 30_000 });
    const card = page.getByRole("region", { name: "AI suggestion", exact: true });
    expect(await card.count()).toBe(0);
    expect(await editorBody(page).textContent()).toBe(TEXT);
  });

  it("an answer cut off mid-stream takes its suggested words back out of the text", async () => {
    stub.options = { reply: (r) => userText(r).replace("was wrote in a hurry", "was written in haste"), chunks: 10, cutAfter: 6, chunkDelayMs: 200 };
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
