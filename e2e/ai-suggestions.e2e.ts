// AI changes as inline suggestions, in real Chromium against an OpenAI-compatible stub
// (src/server/ai/openai-stub.test-util.ts) that streams its answer in pieces: the proposal
// grows in the document as marked words while the bar offers Stop; each change is accepted
// or rejected from its popover; Accept all is one Ctrl+Z; Esc stops a stream and leaves the
// text as it was; a continuation and "Ask AI" (Ctrl+J) land the same way. Screenshots for a person to look at
// when SHOTS_DIR is set (390 and 1280 px, light and dark). Each proposal is recorded once
// (POST under the id its marks carry, then PUT when a change is first accepted and when the
// last is decided, from any tab or device); the command palette
// covers the bar while open.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type StubRequest, userText } from "../src/server/ai/openai-stub.test-util.js";
import { pressAiTool, waitForAiTools } from "./support/ai-tools.js";
import { startAppWithAiStub } from "./support/ai-stub.js";
import { signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor } from "./support/editor.js";
import { buyPlan } from "./support/api.js";

const app = startAppWithAiStub({ startTimeoutMs: 110_000 });
const { api } = app;

const TEXT = "The report was wrote in a hurry, and it shows in every paragraph of it.";
const IMPROVED = "The report was written in haste, and it shows in every paragraph of it.";
const improve = (r: StubRequest) => userText(r).replace("was wrote", "was written").replace("a hurry", "haste");

async function openDocument(text = TEXT, options: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" } = {}): Promise<Page> {
  const session = await signUpViaApi(app.server.url);
  await buyPlan(app.server.url, session, "creator");
  const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
  const doc = await api<{ id: string }>(session, "POST", "/api/documents", { title: "Suggestions", content });
  const page = await openInEditor(app.browser, app.server.url, session, doc.id, options);
  await waitForAiTools(page);
  return page;
}

const prose = editorBody;
const bar = (page: Page) => page.getByRole("region", { name: "AI suggestions" });
const inserted = (page: Page) => prose(page).locator("ins.suggestion-insert");
const struck = (page: Page) => prose(page).locator("del.suggestion-delete");

/** The suggestion records the page sends (POST /api/ai/suggestions, PUT /api/ai/suggestions/:id), in order. */
function recordCalls(page: Page): { method: string; path: string; body: Record<string, unknown> }[] {
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith("/api/ai/suggestions")) calls.push({ method: req.method(), path, body: req.postDataJSON() as Record<string, unknown> });
  });
  return calls;
}

async function improveAll(page: Page) {
  await prose(page).click();
  await page.keyboard.press("Control+a");
  await pressAiTool(page, "Improve");
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

describe("AI changes as inline suggestions", () => {
  it("streams a proposal into the text as marked words, then accepts one change and rejects the other", async () => {
    app.stub.options = { reply: improve, chunks: 14, chunkDelayMs: 250 };
    const page = await openDocument();
    const records = recordCalls(page);
    await improveAll(page);
    // While it streams: the bar offers Stop and the first changes are already in the text.
    await bar(page).getByRole("button", { name: "Stop", exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => inserted(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await bar(page).getByRole("button", { name: "Stop", exact: true }).isVisible()).toBe(true);
    // Done: two changes, each a struck word and its replacement.
    await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toBe("2 suggestions");
    expect(await inserted(page).allTextContents()).toEqual(["written", "haste"]);
    expect(await struck(page).allTextContents()).toEqual(["wrote", "a hurry"]);

    await inserted(page).filter({ hasText: "written" }).click();
    const popover = page.getByRole("dialog", { name: "Suggestion" });
    await popover.getByText("Replace “wrote” with “written”").waitFor();
    await popover.getByRole("button", { name: "Accept", exact: true }).click();
    await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent()).toBe("1 suggestion");
    // The proposal was recorded when it landed, under the id its marks carry; an accepted
    // change is told at once (the rest is still pending).
    await expect.poll(() => records.map((r) => [r.method, r.body.accepted, r.body.settled])).toEqual([
      ["POST", undefined, undefined],
      ["PUT", true, false],
    ]);
    expect(records[0]!.body).toMatchObject({ id: expect.any(String), originalText: TEXT, suggestedText: IMPROVED, type: "improvement" });
    expect(records[1]!.path).toBe(`/api/ai/suggestions/${records[0]!.body.id}`);

    // After a reload the other decision is still recorded: the record's id is in the text.
    await page.reload();
    await inserted(page).filter({ hasText: "haste" }).waitFor({ timeout: 30_000 });
    // The other one from the keyboard: caret into it, Alt+Enter into the popover.
    await inserted(page).filter({ hasText: "haste" }).click();
    await popover.getByText("Replace “a hurry” with “haste”").waitFor();
    await page.keyboard.press("Alt+Enter");
    // Focus is on the popover's first button, Reject.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Reject");
    await page.keyboard.press("Enter");
    await bar(page).waitFor({ state: "hidden" });
    expect(await prose(page).textContent()).toBe("The report was written in a hurry, and it shows in every paragraph of it.");
    // Settled: told once more; the record stays accepted, since one of its changes was.
    await expect.poll(() => records.map((r) => r.method)).toEqual(["POST", "PUT", "PUT"]);
    expect(records[2]!.body).toEqual({ accepted: false, settled: true });
    expect(records[2]!.path).toBe(records[1]!.path);
    await page.context().close();
  });

  it("Accept all is one undo step, Reject all brings the text back", async () => {
    app.stub.options = { reply: improve, chunks: 3 };
    const page = await openDocument();
    const records = recordCalls(page);
    await improveAll(page);
    await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toBe("2 suggestions");
    await bar(page).getByRole("button", { name: "Accept all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe(IMPROVED);
    await bar(page).waitFor({ state: "hidden" });
    await expect.poll(() => records.map((r) => [r.method, r.body.accepted])).toEqual([["POST", undefined], ["PUT", true]]);

    await prose(page).click();
    await page.keyboard.press("Control+z");
    // One step back: the suggestions are pending again, not half of them.
    await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent()).toBe("2 suggestions");
    expect(await inserted(page).allTextContents()).toEqual(["written", "haste"]);
    await bar(page).getByRole("button", { name: "Reject all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe(TEXT);
    expect(await inserted(page).count()).toBe(0);
    await page.context().close();
  });

  it("Esc stops a streaming proposal and leaves the text as it was", async () => {
    app.stub.options = { reply: improve, chunks: 30, chunkDelayMs: 400 };
    const page = await openDocument();
    await improveAll(page);
    await expect.poll(() => inserted(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await bar(page).waitFor({ state: "hidden" });
    expect(await prose(page).textContent()).toBe(TEXT);
    expect(await inserted(page).count()).toBe(0);
    await page.context().close();
  });

  it("says so when a proposal changes nothing", async () => {
    app.stub.options = { reply: (r) => userText(r) };
    const page = await openDocument();
    await improveAll(page);
    await page.getByText("No changes suggested").first().waitFor({ timeout: 30_000 });
    expect(await inserted(page).count()).toBe(0);
    expect(await prose(page).textContent()).toBe(TEXT);
    await page.context().close();
  });

  it("Ask AI (Ctrl+J) sends the instruction with the selection and lands the answer as suggestions", async () => {
    app.stub.options = {
      reply: (r) => (r.messages.some((m) => m.content.includes("Make this friendlier")) ? userText(r).replace("The report", "Our little report") : "unexpected"),
      chunks: 4,
    };
    const page = await openDocument();
    // The side panel's shortcut list names it.
    expect(await page.getByRole("region", { name: "Shortcuts" }).textContent()).toContain("AI Assist (Ask AI)Ctrl+J");
    await prose(page).click();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Control+j");
    const dialog = page.getByRole("dialog", { name: "Ask AI" });
    await dialog.getByText("On the selected text").waitFor();
    await dialog.getByLabel("Instruction").fill("Make this friendlier");
    await shot(page, "ask-ai-1280-light");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toBe("1 suggestion");
    expect((await inserted(page).allTextContents()).map((t) => t.trim())).toEqual(["Our little"]);
    await bar(page).getByRole("button", { name: "Accept all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe(TEXT.replace("The report", "Our little report"));

    // Nothing selected: the instruction works on the whole document; a list comes in as suggested blocks.
    app.stub.options = { reply: () => "- Our little report was wrote in a hurry\n- It shows in every paragraph", chunks: 5 };
    await prose(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Control+j");
    await dialog.getByText("On the whole document.").waitFor();
    await dialog.getByLabel("Instruction").fill("Turn into a bulleted list");
    await dialog.getByRole("button", { name: "Ask", exact: true }).click();
    await expect.poll(() => prose(page).locator("ul li ins.suggestion-insert").count(), { timeout: 30_000 }).toBe(2);
    await bar(page).getByRole("button", { name: "Accept all", exact: true }).click();
    await expect.poll(() => prose(page).locator("ul li").allTextContents()).toEqual(["Our little report was wrote in a hurry", "It shows in every paragraph"]);
    // The paragraph it replaced is gone (the editor keeps an empty line after a list at the end).
    expect(await prose(page).locator("p:not(li p)").allTextContents()).toEqual([""]);
    await page.context().close();
  });

  it("Continue Writing without a cursor suggests a continuation at the end of the document, and from the cursor through the palette", async () => {
    app.stub.options = { reply: () => "And the report was read anyway.", chunks: 3 };
    const page = await openDocument();
    const records = recordCalls(page);
    await page.getByRole("complementary", { name: "Document panel" }).getByRole("button", { name: "Continue Writing" }).click();
    await expect.poll(() => inserted(page).allTextContents(), { timeout: 30_000 }).toEqual([" And the report was read anyway."]);
    await page.getByText("Continued at the end of the document").first().waitFor();
    await bar(page).getByRole("button", { name: "Accept all", exact: true }).click();
    // Decided (the text reads the same with the suggestion pending): no bar, no marked words.
    await bar(page).waitFor({ state: "hidden" });
    expect(await inserted(page).count()).toBe(0);
    await expect.poll(() => prose(page).textContent()).toBe(`${TEXT} And the report was read anyway.`);

    await prose(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Control+Shift+K");
    await page.getByRole("combobox", { name: "Search documents and commands" }).fill("continue writing");
    await page.getByRole("option", { name: "Continue writing", exact: true }).waitFor();
    await page.keyboard.press("Enter");
    await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toBe("1 suggestion");
    await bar(page).getByRole("button", { name: "Reject all", exact: true }).click();
    await expect.poll(() => prose(page).textContent()).toBe(`${TEXT} And the report was read anyway.`);
    // Each continuation recorded, then its outcome: accepted, then rejected.
    await expect.poll(() => records.map((r) => [r.method, r.body.accepted])).toEqual([["POST", undefined], ["PUT", true], ["POST", undefined], ["PUT", false]]);
    await page.context().close();
  });

  it("another writer of the document sees the pending suggestion marked the same way, and can decide it", async () => {
    app.stub.options = { reply: improve, chunks: 3 };
    const session = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, session, "creator");
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: TEXT }] }] };
    const doc = await api<{ id: string }>(session, "POST", "/api/documents", { title: "Together", content });
    const a = await openInEditor(app.browser, app.server.url, session, doc.id);
    const b = await openInEditor(app.browser, app.server.url, session, doc.id);
    const fromA = recordCalls(a);
    const fromB = recordCalls(b);
    await a.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Improve", exact: true }).waitFor({ timeout: 20_000 });
    await improveAll(a);
    await expect.poll(() => bar(a).getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toBe("2 suggestions");
    // The other writer: the same marks in the text and the same bar.
    await expect.poll(() => inserted(b).allTextContents(), { timeout: 30_000 }).toEqual(["written", "haste"]);
    expect(await struck(b).allTextContents()).toEqual(["wrote", "a hurry"]);
    await expect.poll(() => bar(b).getByTestId("suggestion-status").textContent()).toBe("2 suggestions");
    await bar(b).getByRole("button", { name: "Reject all", exact: true }).click();
    // The decision reaches the first writer, and the other writer's device records it.
    await bar(a).waitFor({ state: "hidden", timeout: 30_000 });
    await expect.poll(() => fromB.map((r) => [r.method, r.path, r.body.accepted])).toEqual([["PUT", `/api/ai/suggestions/${fromA[0]?.body.id}`, false]]);
    expect(await inserted(a).count()).toBe(0);
    // The text as written, without the other writer's caret label.
    const written = await prose(a).evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
      return copy.textContent;
    });
    expect(written).toBe(TEXT);
    await a.context().close();
    await b.context().close();
  });

  it("shows the suggestion UI at 390 and 1280 px, light and dark", async () => {
    app.stub.options = { reply: improve, chunks: 2 };
    for (const [width, height] of [[390, 844], [1280, 800]] as const) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openDocument(TEXT, { viewport: { width, height }, colorScheme });
        await improveAll(page);
        await expect.poll(() => bar(page).getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toBe("2 suggestions");
        await inserted(page).first().click();
        await page.getByRole("dialog", { name: "Suggestion" }).waitFor();
        // The bar and the popover stay inside the screen.
        for (const box of [await bar(page).boundingBox(), await page.getByRole("dialog", { name: "Suggestion" }).boundingBox()]) {
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        }
        await shot(page, `suggestions-${width}-${colorScheme}`);

        // The command palette covers everything while open, the bar too: once the palette has
        // faded in, the bar is drawn dimmed under its overlay, not as it was.
        await page.keyboard.press("Escape");
        await page.keyboard.press("Control+Home");
        await page.getByRole("dialog", { name: "Suggestion" }).waitFor({ state: "hidden" });
        // Inside the bar (its rounded corners and shadow show what is behind it either way).
        const clip = (await bar(page).getByTestId("suggestion-status").boundingBox())!;
        const uncovered = await page.screenshot({ clip });
        await page.keyboard.press("Control+Shift+K");
        await page.getByRole("dialog", { name: "Command palette" }).waitFor();
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
        expect((await page.screenshot({ clip })).equals(uncovered)).toBe(false);
        await shot(page, `suggestions-palette-${width}-${colorScheme}`);
        await page.context().close();
      }
    }
  });
});
