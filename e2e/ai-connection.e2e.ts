// A user's own model connection end to end, in real Chromium: a Gratis user (no AI on the
// server's plan) adds a local OpenAI-compatible server in Settings → AI; a wrong key is
// refused with the server's message; then an AI action runs through their model; removing
// the connection locks AI again. The model server is the test stub behind a key check
// (src/server/ai/connections/keyed-stub.test-util.ts); the app runs its offline engine.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KeyedStub, startKeyedStub } from "../src/server/ai/connections/keyed-stub.test-util.js";
import { withAppAndBrowser } from "./support/app.js";
import { signUpViaApi } from "./support/auth.js";
import { apiRequest } from "./support/api.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

const KEY = "sk-e2e-own-model-key-7a3f";
const ANSWER = "The report was written carefully and it shows.";
const TEXT = "The report was wrote in a hurry and it show.";

let own: KeyedStub;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  own = await startKeyedStub(KEY, { reply: () => ANSWER });
});
afterAll(async () => own?.close());

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

async function openSettingsAi(page: Page) {
  await page.getByRole("button", { name: "Account settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Account Settings" });
  await dialog.waitFor();
  await dialog.getByRole("tab", { name: "AI", exact: true }).click();
  return dialog;
}

describe("a user's own model connection", () => {
  it("lets a Gratis user connect their model in Settings and use AI through it", async () => {
    const session = await signUpViaApi(server.url);
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: TEXT }] }] };
    const doc = await apiRequest<{ id: string }>(server.url, session, "POST", "/api/documents", { title: "Own model", content });
    const page = await openInEditor(browser, server.url, session, doc.id);
    const toolbar = page.getByRole("toolbar", { name: "AI tools" });
    await page.getByTestId("ai-locked").first().waitFor({ timeout: 20_000 });

    const dialog = await openSettingsAi(page);
    const section = dialog.locator("#ai-connection");
    await section.getByLabel("Base URL").fill(own.url);
    await section.getByLabel("Model", { exact: true }).fill("my-local-model");
    await section.getByLabel("API key").fill("sk-not-my-key-000000");
    await section.getByRole("button", { name: "Test & save", exact: true }).click();
    // The model server's own refusal is shown, and nothing is saved.
    const alert = section.getByRole("alert");
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain("refused the API key (401)");
    expect(await section.getByRole("button", { name: "Remove", exact: true }).count()).toBe(0);

    await section.getByLabel("API key").fill(KEY);
    await section.getByRole("button", { name: "Test & save", exact: true }).click();
    const saved = section.getByLabel("Saved connection");
    await saved.waitFor({ timeout: 30_000 });
    expect(await saved.textContent()).toContain(own.url);
    expect(await saved.textContent()).toContain("my-local-model");
    expect(await saved.textContent()).toContain("••••7a3f");
    // The key field is empty again: the key never comes back to the page.
    expect(await section.getByLabel("API key").inputValue()).toBe("");
    expect(await page.content()).not.toContain(KEY);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The AI tools unlock on the Gratis plan, and Improve goes to the user's model.
    await expect.poll(() => page.getByTestId("ai-locked").count(), { timeout: 20_000 }).toBe(0);
    const before = own.stub.requests.length;
    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    await toolbar.getByRole("button", { name: "Improve", exact: true }).click();
    // The model's words reach the page (proposed in place or on a card, as the AI flow shows them).
    await expect.poll(() => page.evaluate(() => document.body.textContent ?? ""), { timeout: 60_000 }).toContain("written carefully");
    expect(own.stub.requests.length).toBeGreaterThan(before);
    expect(own.stub.requests.at(-1)!.model).toBe("my-local-model");
    expect(JSON.stringify(own.stub.requests.at(-1)!.messages)).toContain(TEXT);
    expect(own.authorizations.at(-1)).toBe(`Bearer ${KEY}`);
    // Nothing came out of the plan's allowance.
    const usage = await apiRequest<{ used: number }>(server.url, session, "GET", "/api/ai/usage");
    expect(usage.used).toBe(0);

    // Removing the connection puts the user back on their plan.
    const again = await openSettingsAi(page);
    await again.locator("#ai-connection").getByRole("button", { name: "Remove", exact: true }).click();
    await again.locator("#ai-connection").getByLabel("Saved connection").waitFor({ state: "detached", timeout: 20_000 });
    await page.keyboard.press("Escape");
    await page.getByTestId("ai-locked").first().waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});
