// AI on the whole document, in real Chromium with the built-in offline engine: with nothing
// selected, "AI Summarize" from the slash menu and the assistant summarize the whole document
// (a long one by its start, and say so) and put the summary at its end; a proposal shows
// its changes word by word in the text (Continue Writing needs a model: ai-suggestions.e2e.ts); the
// assistant sits beside the text at 1280 px and is a bottom sheet at 390 px; the rewrite
// cards keep their text inside at both widths.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pressAiTool, waitForAiTools } from "./support/ai-tools.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { buyPlan } from "./support/api.js";
import { editorBody, openNewDocument } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A new user on `plan`, paid through the built-in test checkout. */
async function subscriber(plan: "creator" | "professional"): Promise<ApiSession> {
  const session = await signUpViaApi(app.server.url);
  await buyPlan(app.server.url, session, plan);
  return session;
}

async function openDocument(session: ApiSession, paragraphs: string[], viewport = DESKTOP, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const { page } = await openNewDocument(app, session, "Whole document", paragraphs, { viewport, colorScheme });
  await waitForAiTools(page);
  return page;
}

/** Screenshots for a person to look at, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

const prose = editorBody;
const card = (page: Page) => page.getByRole("region", { name: "AI suggestion", exact: true });

const STORY = [
  "The river ran past the old mill where we used to sit on summer evenings.",
  "We talked about everything and nothing, and the water carried our words away downstream.",
  "Years later the mill was sold, the wheel stopped turning, and we moved to cities far apart.",
  "Yet whenever I hear running water I am back on that bank, seventeen and certain of everything.",
];

describe("AI on the whole document", () => {
  it("summarizes the whole document from the slash menu with nothing selected and adds the summary at its end", async () => {
    const page = await openDocument(await subscriber("professional"), STORY);
    await prose(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/summar");
    await page.getByRole("option", { name: /AI Summarize/ }).waitFor();
    await page.keyboard.press("Enter");
    await card(page).waitFor({ timeout: 30_000 });
    await card(page).getByText("Summary of the whole document, added at its end.").waitFor();
    await expect.poll(() => card(page).getByRole("button", { name: "Accept" }).isEnabled(), { timeout: 30_000 }).toBe(true);
    const summary = (await card(page).getByTestId("ai-suggestion-text").textContent())!.trim();
    expect(summary.length).toBeGreaterThan(10);
    await shot(page, "summary-card-1280-light");
    await card(page).getByRole("button", { name: "Accept" }).click();
    await page.getByText("Summary of the whole document, added at its end.").first().waitFor();
    const paragraphs = (await prose(page).locator("p").allTextContents()).filter((p) => p.trim());
    // The story is untouched and the summary comes after it.
    expect(paragraphs.slice(0, STORY.length)).toEqual(STORY);
    expect(paragraphs.slice(STORY.length).join(" ")).toContain(summary.slice(0, 30));
  });

  it("summarizes a document longer than one request takes by its start, and says so", async () => {
    const long = Array.from({ length: 150 }, (_, i) => `${STORY[i % STORY.length]} This is paragraph ${i + 1} of a long chapter about the river and the mill.`);
    expect(long.join("\n").length).toBeGreaterThan(20_000);
    const page = await openDocument(await subscriber("professional"), long);
    await page.keyboard.press("Control+/");
    const panel = page.getByRole("complementary", { name: "AI Writing Assistant" });
    await panel.getByText("No text selected: the outline, the summary and the readability check use the whole document.").waitFor();
    await panel.getByRole("button", { name: "Summarize Document" }).click();
    await card(page).getByText(/^Summary of the first [\d,]+ characters of the document, added at its end\. The document is longer than one AI request takes\.$/).waitFor({ timeout: 30_000 });
    await expect.poll(() => card(page).getByRole("button", { name: "Accept" }).isEnabled(), { timeout: 30_000 }).toBe(true);
    expect((await card(page).getByTestId("ai-suggestion-text").textContent())!.trim().length).toBeGreaterThan(10);
  });

  it("shows a proposal's changes word by word in the text: deletions struck through, insertions underlined", async () => {
    const page = await openDocument(await subscriber("creator"), ["We need to utilize the tool in order to basically fix grammer."]);
    await prose(page).click();
    await page.keyboard.press("Control+a");
    await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Improve", exact: true }).click();
    const bar = page.getByRole("region", { name: "AI suggestions" });
    await expect.poll(() => bar.getByTestId("suggestion-status").textContent(), { timeout: 30_000 }).toMatch(/^\d+ suggestions?$/);
    const dels = await prose(page).locator("del.suggestion-delete").allTextContents();
    const inss = await prose(page).locator("ins.suggestion-insert").allTextContents();
    expect(dels.join("|")).toContain("utilize");
    expect(inss.join("|")).toContain("use");
    expect(dels.join("|")).not.toContain("tool");
    const style = (sel: string) => prose(page).locator(sel).first().evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(await style("del")).toContain("line-through");
    expect(await style("ins")).toContain("underline");
    await shot(page, "inline-suggestions-1280-light");
    const dark = await openDocument(await subscriber("creator"), ["We need to utilize the tool in order to basically fix grammer."], PHONE, "dark");
    await prose(dark).click();
    await dark.keyboard.press("Control+a");
    await pressAiTool(dark, "Improve");
    await dark.locator("ins.suggestion-insert").first().waitFor({ timeout: 30_000 });
    await shot(dark, "inline-suggestions-390-dark");
  });

  it("puts the assistant beside the text at 1280 px and says which engine answers", async () => {
    const page = await openDocument(await subscriber("creator"), STORY);
    await page.keyboard.press("Control+/");
    const panel = page.getByRole("complementary", { name: "AI Writing Assistant" });
    await panel.waitFor();
    const p = (await panel.boundingBox())!;
    const text = (await prose(page).boundingBox())!;
    const overlaps = p.x < text.x + text.width && text.x < p.x + p.width && p.y < text.y + text.height && text.y < p.y + p.height;
    expect(overlaps, `panel ${JSON.stringify(p)} over text ${JSON.stringify(text)}`).toBe(false);
    await panel.getByText("Answers from the built-in offline engine (free: it does not use your monthly AI tokens).").waitFor();
    // A suggestion card beside the open assistant stays in its column, off the text too.
    await panel.getByRole("button", { name: "Generate Outline" }).click();
    await card(page).getByText("Outline of the whole document, added at its end.").waitFor({ timeout: 30_000 });
    const c = (await card(page).boundingBox())!;
    expect(c.x, `card ${JSON.stringify(c)} over text ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(text.x + text.width);
    await shot(page, "assistant-1280-light");
    await panel.getByRole("button", { name: "Close assistant" }).click();
    await panel.waitFor({ state: "hidden" });
  });

  it("opens the assistant as a bottom sheet at 390 px that the writer closes", async () => {
    const page = await openDocument(await subscriber("creator"), STORY, PHONE, "dark");
    await page.getByRole("button", { name: "AI Assistant" }).click();
    const sheet = page.getByRole("dialog", { name: "AI Writing Assistant" });
    await sheet.waitFor();
    await sheet.getByText(/Answers from the built-in offline engine/).waitFor();
    await expect.poll(async () => (await sheet.boundingBox())!.y + (await sheet.boundingBox())!.height).toBeCloseTo(PHONE.height, 0);
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBeCloseTo(0, 0);
    expect(box.width).toBeCloseTo(PHONE.width, 0);
    await shot(page, "assistant-390-dark");
    await sheet.getByRole("button", { name: "Close assistant" }).click();
    await sheet.waitFor({ state: "hidden" });
    // An action closes the sheet so its answer is not hidden behind it.
    await page.getByRole("button", { name: "AI Assistant" }).click();
    await sheet.getByRole("button", { name: "Generate Outline" }).click();
    await sheet.waitFor({ state: "hidden" });
    await card(page).getByText("Outline of the whole document, added at its end.").waitFor({ timeout: 30_000 });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`keeps every rewrite card's text inside the card at ${viewport.width} px`, async () => {
      const page = await openDocument(await subscriber("creator"), STORY, viewport);
      await prose(page).click();
      await page.keyboard.press("Control+a");
      await page.getByRole("button", { name: "Rewrite" }).first().click();
      const dialog = page.getByRole("dialog", { name: "AI Content Rewriting" });
      await dialog.waitFor();
      await shot(page, `rewrite-${viewport.width}-light`);
      for (const name of ["Professional", "Persuasive", "Academic"]) {
        const option = dialog.getByRole("button", { name: new RegExp(`^${name}`) });
        const fits = await option.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const inside = [...el.querySelectorAll("span")].every((s) => {
            const r = s.getBoundingClientRect();
            return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
          });
          return { scroll: el.scrollWidth, client: el.clientWidth, inside };
        });
        expect(fits, name).toMatchObject({ inside: true });
        expect(fits.scroll, name).toBeLessThanOrEqual(fits.client);
      }
    });
  }
});
