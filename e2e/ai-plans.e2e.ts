// One story about AI and plans, in real Chromium: a Gratis user's status line, AI toolbar,
// assistant panel, a locked button's explanation and the pricing cards all say what the plan
// table (src/shared/plans.ts) says; a viewer sees no AI tools; a rewrite that changes nothing
// says "No changes suggested" with nothing to replace.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AI_RULES, aiPricingLines, aiStatus, PLANS } from "../src/shared/plans";
import { seriousViolations } from "./support/a11y.js";
import { apiRequest, buyPlan, inviteAndAccept } from "./support/api.js";
import { withAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

async function openDocument(session: ApiSession, text: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
  const doc = await apiRequest<{ id: string }>(server.url, session, "POST", "/api/documents", { title: "Plans", content });
  return openInEditor(browser, server.url, session, doc.id, { viewport });
}

/** Optional screenshots for a look by eye (SCREENSHOT_DIR=/tmp/shots). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

describe("AI and plans", () => {
  it("tells a Gratis user the same thing in the status line, the toolbar, a locked button, the panel and the pricing cards", async () => {
    const session = await signUpViaApi(server.url);
    const page = await openDocument(session, "Solar power is growing fast. Panels are cheap now.");
    const basic = aiStatus({ plan: "gratis", model: false }).label;
    expect(PLANS.gratis.features).toContain(basic);
    await expect.poll(() => page.getByTestId("ai-status").textContent()).toBe(basic);

    const toolbar = page.getByRole("toolbar", { name: "AI tools" });
    await toolbar.getByTestId("ai-locked").waitFor();
    expect(await toolbar.getByTestId("ai-locked").textContent()).toContain("Needs Professional: Summarize");
    // Grammar is included; Improve says, before it is pressed, the plan it needs.
    expect(await toolbar.getByRole("button", { name: "Grammar", exact: true }).count()).toBe(1);
    // The toolbar's and the side panel's.
    await expect.poll(() => page.getByRole("button", { name: "Summarize (needs the Professional plan)" }).count()).toBe(2);
    const improve = toolbar.getByRole("button", { name: "Improve (needs the Creator plan)" });
    expect(await improve.getAttribute("title")).toBe("Improve needs the Creator plan. Upgrade to use it.");
    // Pressed with nothing selected, it still explains the plan (not "No text selected").
    await improve.click();
    await page.getByText("Improve needs the Creator plan. Upgrade to use it.").first().waitFor();
    expect(await page.getByText("No text selected").count()).toBe(0);
    // The selection helper's buttons say the same.
    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    const helper = page.getByRole("toolbar", { name: "AI selection helper" });
    await helper.getByRole("button", { name: "Summarize (needs the Professional plan)" }).waitFor();
    expect(await helper.getByRole("button", { name: "Fix grammar", exact: true }).count()).toBe(1);

    await page.getByRole("button", { name: "AI Assistant" }).click();
    const panel = page.getByRole("complementary", { name: "AI Writing Assistant" });
    await panel.getByTestId("ai-plan-note").waitFor();
    expect(await panel.getByTestId("ai-plan-note").textContent()).toContain(`Your Gratis plan includes ${basic}.`);
    expect(await panel.getByRole("button", { name: "Generate Outline (needs the Creator plan)" }).count()).toBe(1);
    // Readability is basic AI: it answers.
    await panel.getByRole("button", { name: "Check Readability" }).click();
    await panel.getByTestId("readability").waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    for (const scheme of ["light", "dark"] as const) {
      for (const width of [1280, 390]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, `editor-gratis-${width}-${scheme}`);
      }
    }
    await page.context().close();

    // The pricing cards list the same lines, from the same table.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const landing = await visitor.newPage();
    await landing.goto(`${server.url}/#pricing`);
    await landing.getByTestId("plan-gratis").waitFor({ timeout: 30_000 });
    expect(await landing.getByTestId("plan-gratis").textContent()).toContain(basic);
    expect(await landing.getByTestId("plan-creator").textContent()).toContain(AI_RULES.improve.pricing);
    expect(await landing.getByTestId("plan-gratis").textContent()).not.toContain(AI_RULES.improve.pricing);
    for (const line of aiPricingLines("creator")) expect(await landing.getByTestId("plan-professional").textContent()).toContain(line);
    expect(await landing.getByText("Works alongside your tools").count()).toBe(0);
    for (const scheme of ["light", "dark"] as const) {
      for (const width of [1280, 390]) {
        await landing.emulateMedia({ colorScheme: scheme });
        await landing.setViewportSize({ width, height: 900 });
        await landing.getByTestId("plan-gratis").scrollIntoViewIfNeeded();
        await shoot(landing, `pricing-${width}-${scheme}`);
      }
    }
    await visitor.close();
  });

  it("shows a viewer no AI tools", async () => {
    const owner = await signUpViaApi(server.url);
    await buyPlan(server.url, owner, "professional");
    const viewer = await signUpViaApi(server.url);
    await buyPlan(server.url, viewer, "creator");
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Read, do not touch." }] }] };
    const doc = await apiRequest<{ id: string }>(server.url, owner, "POST", "/api/documents", { title: "Shared", content });
    await inviteAndAccept(server.url, owner, doc.id, viewer, "viewer");
    const page = await openInEditor(browser, server.url, viewer, doc.id, { viewport: { width: 1280, height: 900 } });
    await page.getByText("View only").waitFor();
    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    expect(await page.getByRole("toolbar", { name: "AI tools" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "AI Assistant" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Rewrite" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "AI Writing Tools" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Improve with AI" }).count()).toBe(0);
    await page.context().close();
  });

  it("says No changes suggested for a rewrite the built-in engine leaves unchanged, and marks Expand as needing a model", async () => {
    const session = await signUpViaApi(server.url);
    await buyPlan(server.url, session, "creator");
    const page = await openDocument(session, "The cat sat on the mat.");
    await editorBody(page).click();
    await page.keyboard.press("Control+a");
    await page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Rewrite", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "AI Content Rewriting" });
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: /^Expand.*Needs a language model$/ }).count()).toBe(1);
    await dialog.getByRole("button", { name: /^Concise/ }).click();
    await expect.poll(() => dialog.getByTestId("rewrite-result").textContent(), { timeout: 30_000 }).toContain("No changes suggested");
    expect(await dialog.getByRole("button", { name: "Replace" }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "rewrite-unchanged-1280-light");
    await page.context().close();
  });
});
