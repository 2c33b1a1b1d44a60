// Ghost-text completion in real Chromium, served by a user's own model (a local stub): after
// a pause at the end of a paragraph a continuation shows in grey, only in this editor (never
// in the document, so another open editor and the saved record do not have it); Tab inserts
// it as one undo step; Esc and typing dismiss it; switching it off in Settings turns it off.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiStub, startOpenAiStub } from "../src/server/ai/openai-stub.test-util.js";
import { withAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { apiRequest } from "./support/api.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

const CONTINUATION = " and the team shipped it on time.";
const TEXT = "The launch went better than we planned";

let stub: OpenAiStub;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  stub = await startOpenAiStub({ reply: () => CONTINUATION });
});
afterAll(async () => stub?.close());

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

const ghost = (page: Page) => page.getByTestId("ghost-text");

/** The document's text as the editor holds it: without other editors' carets, and (unless `withGhost`) without the ghost text. */
const docText = (page: Page, withGhost = false) =>
  editorBody(page).evaluate((el, keepGhost) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    if (!keepGhost) for (const g of copy.querySelectorAll("[data-testid=ghost-text]")) g.remove();
    return copy.textContent;
  }, withGhost);
const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

async function writerWithOwnModel(): Promise<{ session: ApiSession; page: Page; docId: string }> {
  const session = await signUpViaApi(server.url);
  await api(session, "PUT", "/api/ai/connection", { baseUrl: stub.url, model: "ghost-model" });
  const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: TEXT }] }] };
  const doc = await api<{ id: string }>(session, "POST", "/api/documents", { title: "Ghost text", content });
  const page = await openInEditor(browser, server.url, session, doc.id);
  return { session, page, docId: doc.id };
}

/** Puts the cursor at the end of the paragraph and types, which starts the pause. */
async function typeAtEnd(page: Page, text: string) {
  await editorBody(page).locator("p").first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(text);
}

describe("ghost-text completion", () => {
  it("shows a continuation only in this editor, inserts it with Tab as one undo step", async () => {
    const { session, page, docId } = await writerWithOwnModel();
    const other = await openInEditor(browser, server.url, session, docId);
    await typeAtEnd(page, ",");
    await ghost(page).waitFor({ timeout: 30_000 });
    expect(await ghost(page).textContent()).toBe(CONTINUATION);
    const sent = stub.requests.at(-1)!;
    expect(sent.model).toBe("ghost-model");
    expect(JSON.stringify(sent.messages)).toContain(`${TEXT},`);
    // Not document content: the other editor of the same document and the saved record lack it.
    await expect.poll(() => docText(other, true), { timeout: 20_000 }).toBe(`${TEXT},`);
    expect(await ghost(other).count()).toBe(0);
    expect(await docText(page, true)).toBe(`${TEXT},${CONTINUATION}`);
    expect(await docText(page)).toBe(`${TEXT},`);
    const saved = async () => {
      const record = await api<{ content: { content?: { content?: { text?: string }[] }[] } }>(session, "GET", `/api/documents/${docId}`);
      return (record.content.content ?? []).map((p) => (p.content ?? []).map((n) => n.text ?? "").join("")).join("\n");
    };
    await expect.poll(saved, { timeout: 30_000 }).toBe(`${TEXT},`);

    await page.keyboard.press("Tab");
    await expect.poll(() => docText(page, true)).toBe(`${TEXT},${CONTINUATION}`);
    expect(await ghost(page).count()).toBe(0);
    await expect.poll(() => docText(other), { timeout: 20_000 }).toBe(`${TEXT},${CONTINUATION}`);
    // One undo step takes the whole continuation back out.
    await page.keyboard.press("Control+z");
    await expect.poll(() => docText(page)).toBe(`${TEXT},`);
    await other.context().close();
    await page.context().close();
  });

  it("Esc and further typing dismiss it; switched off in Settings it is turned off", async () => {
    const { page } = await writerWithOwnModel();
    await expect.poll(() => editorBody(page).getAttribute("data-inline-completion"), { timeout: 20_000 }).toBe("on");
    await typeAtEnd(page, ",");
    await ghost(page).waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await ghost(page).waitFor({ state: "detached" });
    expect(await docText(page, true)).toBe(`${TEXT},`);

    await page.keyboard.type(" so");
    await ghost(page).waitFor({ timeout: 30_000 });
    await page.keyboard.type("m");
    expect(await ghost(page).count()).toBe(0);
    expect(await docText(page, true)).toBe(`${TEXT}, som`);

    await page.getByRole("button", { name: "Account settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Account Settings" });
    await dialog.getByRole("tab", { name: "AI", exact: true }).click();
    const toggle = dialog.getByRole("switch", { name: "Suggest as I type" });
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The editor no longer runs the completion at all, so no pause will ask for one.
    await expect.poll(() => editorBody(page).getAttribute("data-inline-completion")).toBeNull();
    await typeAtEnd(page, "e");
    expect(await ghost(page).count()).toBe(0);
    expect(await docText(page, true)).toBe(`${TEXT}, some`);
    await page.context().close();
  });
});
