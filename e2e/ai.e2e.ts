// AI in the editor, in real Chromium with the built-in offline engine: a Creator fixes the
// grammar of a selection as suggestions in the text and accepts them (one undo step),
// rewrites a selection in a style through the dialog, is told Ask AI needs a language model,
// and a Gratis user is told to upgrade.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SubscriptionStatusResponse } from "../src/shared/contracts/billing";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";
import { apiCall, apiRequest, buyPlan } from "./support/api.js";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

/** Buys a plan (Creator unless told) through the built-in test checkout, as a user would. */
async function subscribeCreator(session: ApiSession, plan: "creator" | "professional" = "creator"): Promise<void> {
  await buyPlan(server.url, session, plan);
  const status = await api<SubscriptionStatusResponse>(session, "GET", "/api/stripe/subscription-status");
  expect(status).toMatchObject({ isActive: true, planName: plan });
}

/** Opens a new document holding `text` as one paragraph, or the given content tree. */
async function openDocument(session: ApiSession, text: string | { type: "doc"; content: unknown[] }): Promise<Page> {
  const content = typeof text === "string" ? { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] } : text;
  const doc = await api<{ id: string }>(session, "POST", "/api/documents", { title: "AI test", content });
  return openInEditor(browser, server.url, session, doc.id);
}

async function selectAll(page: Page) {
  await editorBody(page).click();
  await page.keyboard.press("Control+a");
}

const prose = editorBody;
const suggestionBar = (page: Page) => page.getByRole("region", { name: "AI suggestions", exact: true });

describe("AI in the editor", () => {
  it("lets a Creator fix the grammar of a selection as suggestions in the text, accepted as one undo step", async () => {
    const session = await signUpViaApi(server.url);
    await subscribeCreator(session);
    const page = await openDocument(session, "This is an test of the the grammer checker.");
    const toolbar = page.getByRole("toolbar", { name: "AI tools" });
    await toolbar.getByRole("button", { name: "Grammar", exact: true }).waitFor({ timeout: 20_000 });
    // Creator includes the editing tools: no lock on them (Summarize needs Professional).
    expect(await toolbar.getByRole("button", { name: "Improve", exact: true }).count()).toBe(1);

    await selectAll(page);
    await toolbar.getByRole("button", { name: "Grammar", exact: true }).click();
    const bar = suggestionBar(page);
    await expect.poll(() => bar.getByTestId("suggestion-status").textContent(), { timeout: 60_000 }).toBe("3 suggestions");
    expect(await prose(page).locator("del.suggestion-delete").count()).toBeGreaterThan(0);
    await bar.getByRole("button", { name: "Accept all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe("This is a test of the grammar checker.");
    await bar.waitFor({ state: "hidden" });

    // One undo step brings the suggestions back, and rejecting them the original.
    await prose(page).click();
    await page.keyboard.press("Control+z");
    await expect.poll(() => bar.getByTestId("suggestion-status").textContent()).toBe("3 suggestions");
    await bar.getByRole("button", { name: "Reject all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe("This is an test of the the grammer checker.");
  });

  it("accepting a correction keeps headings, lists and formatting around the corrected words", async () => {
    const session = await signUpViaApi(server.url);
    await subscribeCreator(session);
    const text = (t: string, marks?: { type: string }[]) => ({ type: "text", text: t, ...(marks ? { marks } : {}) });
    const page = await openDocument(session, {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [text("Intro")] },
        { type: "paragraph", content: [text("We has alot of "), text("good", [{ type: "bold" }]), text(" ideas and "), text("very very", [{ type: "italic" }]), text(" nice plans.")] },
        { type: "bulletList", content: ["Their going to the store.", "The the end."].map((t) => ({ type: "listItem", content: [{ type: "paragraph", content: [text(t)] }] })) },
      ],
    });
    const toolbar = page.getByRole("toolbar", { name: "AI tools" });
    await toolbar.getByRole("button", { name: "Grammar", exact: true }).waitFor({ timeout: 20_000 });
    await selectAll(page);
    await toolbar.getByRole("button", { name: "Grammar", exact: true }).click();
    const bar = suggestionBar(page);
    await expect.poll(() => bar.getByTestId("suggestion-status").textContent(), { timeout: 60_000 }).toMatch(/^\d+ suggestions$/);
    await bar.getByRole("button", { name: "Accept all", exact: true }).click();
    await bar.waitFor({ state: "hidden" });
    const html = () => prose(page).innerHTML();
    await expect.poll(html).toContain("<h2>Intro</h2>");
    expect(await prose(page).locator("p").first().textContent()).toBe("We have a lot of good ideas and very nice plans.");
    expect(await prose(page).locator("strong").allTextContents()).toEqual(["good"]);
    expect((await prose(page).locator("em").allTextContents()).map((t) => t.trim())).toEqual(["very"]);
    expect(await prose(page).locator("li").allTextContents()).toEqual(["They're going to the store.", "The end."]);
  });

  it("lets a Creator restyle a selection in the text, and rewrite a selection through the dialog", async () => {
    const session = await signUpViaApi(server.url);
    await subscribeCreator(session);
    const page = await openDocument(session, "We do not know, however we will assist you.");
    const toolbar = page.getByRole("toolbar", { name: "AI tools" });
    await toolbar.getByRole("button", { name: "Casual", exact: true }).waitFor({ timeout: 20_000 });

    await selectAll(page);
    await toolbar.getByRole("button", { name: "Casual", exact: true }).click();
    const bar = suggestionBar(page);
    await expect.poll(() => bar.getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toMatch(/^\d+ suggestions?$/);
    await bar.getByRole("button", { name: "Accept all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe("We don't know, but we'll help you.");

    // The rewrite dialog: Writing Styles → Professional → Replace puts the result in the text as suggestions.
    await selectAll(page);
    await page.keyboard.press("Control+r");
    const dialog = page.getByRole("dialog", { name: "AI Content Rewriting" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /^Professional/ }).click();
    await expect.poll(() => dialog.getByTestId("rewrite-result").textContent(), { timeout: 30_000 }).toBe("We do not know, but we will help you.");
    await dialog.getByText("Alternative Suggestions").waitFor();
    const result = "We do not know, but we will help you.";
    await dialog.getByRole("button", { name: "Replace" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Suggested in the text").first().waitFor();
    await bar.getByRole("button", { name: "Accept all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe(result);
  });

  it("runs the assistant panel: selection alerts, an outline inserted as a list, readability, and Summarize kept for Professional", async () => {
    const session = await signUpViaApi(server.url);
    await subscribeCreator(session);
    const page = await openDocument(
      session,
      "Solar power is growing fast across Europe. Germany installed record solar capacity last year. Cheap solar panels made rooftop solar affordable for families. Grid operators worry about solar peaks at noon.",
    );
    await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Grammar", exact: true }).waitFor({ timeout: 20_000 });
    await page.keyboard.press("Control+/");
    const panel = page.getByRole("complementary", { name: "AI Writing Assistant" });
    await panel.waitFor();
    await panel.getByRole("button", { name: "Improve Writing" }).click();
    await panel.getByText("Please select some text to improve").waitFor();

    await panel.getByRole("button", { name: "Check Readability" }).click();
    await expect.poll(() => panel.getByTestId("readability").textContent(), { timeout: 20_000 }).toContain("Sentences / words4 / 31");

    await panel.getByRole("button", { name: "Generate Outline" }).click();
    const card = page.getByRole("region", { name: "AI suggestion", exact: true });
    await expect.poll(() => card.getByTestId("ai-suggestion-text").textContent(), { timeout: 30_000 }).toMatch(/^- Solar power is growing fast across Europe\./);
    await card.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => prose(page).locator("ul li").count()).toBeGreaterThan(1);

    // Summarize needs Professional: a Creator is told so.
    await selectAll(page);
    await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Summarize (needs the Professional plan)" }).click();
    await page.getByText("Summarize needs the Professional plan. Upgrade to use it.").first().waitFor();

  });

  it("puts an accepted summary after the selection as its own paragraph, without a leading space", async () => {
    const session = await signUpViaApi(server.url);
    await subscribeCreator(session, "professional");
    const page = await openDocument(
      session,
      "Solar power is growing fast across Europe. Germany installed record solar capacity last year. Cheap solar panels made rooftop solar affordable for families. Grid operators worry about solar peaks at noon.",
    );
    const toolbar = page.getByRole("toolbar", { name: "AI tools" });
    await toolbar.getByRole("button", { name: "Summarize", exact: true }).waitFor({ timeout: 20_000 });
    await selectAll(page);
    await toolbar.getByRole("button", { name: "Summarize", exact: true }).click();
    const card = page.getByRole("region", { name: "AI suggestion", exact: true });
    await expect.poll(() => card.getByTestId("ai-suggestion-text").textContent(), { timeout: 30_000 }).toMatch(/\w/);
    await card.getByRole("button", { name: "Accept" }).click();
    await card.waitFor({ state: "hidden" });
    const paragraphs = await prose(page).locator("p").allTextContents();
    expect(paragraphs.length).toBeGreaterThan(1);
    for (const p of paragraphs) expect(p).toBe(p.trimStart());
  });

  it("Ask AI (Ctrl+J) says it needs a language model when none is connected, with a way to connect one", async () => {
    const session = await signUpViaApi(server.url);
    await subscribeCreator(session);
    const page = await openDocument(session, "A short text.");
    await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Ask AI (needs a language model)", exact: true }).waitFor({ timeout: 20_000 });
    await selectAll(page);
    await page.keyboard.press("Control+j");
    const dialog = page.getByRole("dialog", { name: "Ask AI" });
    await dialog.getByText("Ask AI needs a language model.").waitFor();
    expect(await dialog.getByLabel("Instruction").count()).toBe(0);
    await dialog.getByRole("button", { name: "Connect a model", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("dialog", { name: "Account Settings" }).waitFor();
  });

  it("tells a Gratis user which plan a locked tool needs, as the server does", async () => {
    const session = await signUpViaApi(server.url);
    const page = await openDocument(session, "This is an test.");
    await page.getByTestId("ai-locked").waitFor({ timeout: 20_000 });
    await selectAll(page);
    // The toolbar's button (the selection helper over the text has one of the same name).
    await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Improve (needs the Creator plan)" }).click();
    await page.getByText("Upgrade Required").first().waitFor();
    await page.getByText("Improve needs the Creator plan. Upgrade to use it.").first().waitFor();
    // The server refuses too, whatever the interface shows, in the same words.
    const res = await apiCall(server.url, session, "POST", "/api/ai/improve", { text: "This is an test." });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Improve needs the Creator plan.");
  });
});
