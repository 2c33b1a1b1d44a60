// Version history in Chromium: a writer names the current version from the History panel,
// rewrites the text, opens the named version and sees what it changed marked word by word,
// restores it (the text changes back in their editor and, live, in an invited collaborator's
// editor), finds the state it replaced as "Before restore" and restores that (the undo).
// The panel fits a phone (as a bottom sheet) and a desktop (as a column), light and dark,
// with nothing serious for axe; viewers have no History button, editors do; History and the
// AI assistant take turns beside the text. Screenshots go to /tmp/shots.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import type { VersionList } from "../src/shared/contracts/versions";
import { animationsDone, seriousViolations } from "./support/a11y.js";
import { buyPlan, inviteAndAccept } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { editorBody } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const SHOTS = "/tmp/shots";

const { contexts, api } = app;
const docOf = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

/** The document's text as written, without the other writers' caret labels. */
const docText = (page: Page) =>
  editorBody(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return copy.textContent ?? "";
  });
const saveStatus = (page: Page) => page.locator("[data-save-status]").getAttribute("data-save-status");
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function openEditor(
  session: ApiSession,
  id: string,
  options: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" } = {},
): Promise<Page> {
  const context = await app.browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, colorScheme: options.colorScheme ?? "light" });
  contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(`${app.server.url}/editor/${id}`);
  await editorBody(page).waitFor({ state: "visible", timeout: 30_000 });
  await expect.poll(() => page.getByRole("status").filter({ hasText: /Saved|Saving/ }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  return page;
}

const historyButton = (page: Page) => page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "History" });
const versionRow = (panel: ReturnType<Page["locator"]>, text: string) => panel.getByTestId("version-row").filter({ hasText: text });

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await animationsDone(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe("version history", () => {
  it("name → rewrite → see the changes → restore (live for a collaborator too) → undo the restore", { timeout: 240_000 }, async () => {
    const owner = await signUpViaApi(app.server.url, { fullName: "Hana History" });
    await buyPlan(app.server.url, owner, "professional");
    const collaborator = await signUpViaApi(app.server.url, { fullName: "Cole Laborator" });
    const doc = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Chapter one", content: docOf("The first words.") });
    await inviteAndAccept(app.server.url, owner, doc.id, collaborator, "editor");
    // The history starts with the document as created: the one the named version is compared with.
    expect((await api<VersionList>(owner, "GET", `/api/documents/${doc.id}/versions`)).versions.map((v) => v.kind)).toEqual(["created"]);

    const page = await openEditor(owner, doc.id);
    const other = await openEditor(collaborator, doc.id);
    await expect.poll(() => docText(page)).toBe("The first words.");
    await editorBody(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Added later.");
    await expect.poll(() => docText(other)).toBe("The first words. Added later.");

    // Name the current version from the panel, beside the text.
    await historyButton(page).click();
    const panel = page.getByRole("complementary", { name: "Version history" });
    await panel.getByText("Versions are kept as long as the document").waitFor();
    await panel.getByRole("button", { name: "Name current version" }).click();
    await panel.getByLabel("Name the current version").fill("First draft");
    await panel.getByRole("button", { name: "Save name" }).click();
    await versionRow(panel, "First draft").waitFor();
    expect(await panel.getByRole("heading", { name: "Today" }).count()).toBe(1);
    await page.getByText("Version named").first().waitFor();

    // Rewrite the text.
    await editorBody(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("The first words, rewritten.");
    await expect.poll(() => docText(other)).toBe("The first words, rewritten.");
    await expect.poll(() => saveStatus(page), { timeout: 20_000 }).toBe("saved");

    // The current text heads the list, compared with the last version kept (the named one).
    await panel.getByTestId("current-version-row").click();
    const preview = panel.getByTestId("version-preview");
    await expect.poll(() => preview.locator("ins").filter({ hasText: "rewritten" }).count()).toBe(1);
    await expect.poll(() => preview.locator("del").filter({ hasText: "later" }).count()).toBe(1);
    expect(await panel.getByTestId("version-changes").textContent()).toContain("since the last version kept");
    await panel.getByRole("button", { name: "All versions" }).click();
    // The first version is the document as created.
    await versionRow(panel, "First version").waitFor();

    // The named version, with what it added to the version before marked.
    await versionRow(panel, "First draft").getByRole("button", { name: /First draft/ }).click();
    await preview.waitFor();
    await expect.poll(() => preview.locator("ins").filter({ hasText: "later" }).count()).toBe(1);
    expect(await preview.locator("del").count()).toBe(0);
    expect(await panel.getByTestId("version-changes").textContent()).toContain("2 words added");
    // Compared with the current text instead: what was changed since it.
    await panel.getByRole("radio", { name: "the current version" }).check();
    await expect.poll(() => preview.locator("del").filter({ hasText: "later" }).count()).toBe(1);
    expect(await panel.getByTestId("version-changes").textContent()).toContain("from this version to the current text");
    await panel.getByRole("radio", { name: "the version before" }).check();
    await expect.poll(() => preview.locator("del").count()).toBe(0);
    // The text column stays beside the panel, not under it.
    const panelBox = (await panel.boundingBox())!;
    const textBox = (await editorBody(page).boundingBox())!;
    expect(textBox.x + textBox.width).toBeLessThanOrEqual(panelBox.x);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "history-1280-light");
    expect(await seriousViolations(page)).toEqual([]);

    // The version downloads as it was, not as the text is now.
    await panel.getByRole("button", { name: "Download" }).click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Markdown" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^chapter_one_\d{4}-\d{2}-\d{2}\.md$/);
    expect(fs.readFileSync((await download.path())!, "utf8")).toContain("The first words. Added later.");

    // Restore it, after confirming: the text changes back here and in the other window.
    await panel.getByRole("button", { name: "Restore this version" }).click();
    await panel.getByRole("button", { name: "Yes, restore" }).click();
    await page.getByText("Version restored").first().waitFor();
    await expect.poll(() => docText(page)).toBe("The first words. Added later.");
    await expect.poll(() => docText(other)).toBe("The first words. Added later.");

    // The state it replaced is kept: restoring it undoes the restore.
    const before = versionRow(panel, "Before restore");
    await before.waitFor();
    await before.getByRole("button", { name: /Before restore/ }).click();
    await expect.poll(() => preview.locator("ins").filter({ hasText: "rewritten" }).count()).toBeGreaterThan(0);
    await expect.poll(() => preview.locator("del").filter({ hasText: "later" }).count()).toBeGreaterThan(0);
    await panel.getByRole("button", { name: "Restore this version" }).click();
    await panel.getByRole("button", { name: "Yes, restore" }).click();
    await expect.poll(() => docText(page)).toBe("The first words, rewritten.");
    await expect.poll(() => docText(other)).toBe("The first words, rewritten.");
    await expect.poll(() => versionRow(panel, "Before restore").count()).toBe(2);

    // Renamed in the list.
    await versionRow(panel, "First draft").getByRole("button", { name: /^Rename/ }).click();
    await panel.getByLabel(/^Rename the version/).fill("Sent to editor");
    await panel.getByRole("button", { name: "Save name" }).click();
    await versionRow(panel, "Sent to editor").waitFor();
    expect(await versionRow(panel, "First draft").count()).toBe(0);

    // Dark, on a desktop: the marks keep their contrast.
    const dark = await openEditor(owner, doc.id, { colorScheme: "dark" });
    await historyButton(dark).click();
    const darkPanel = dark.getByRole("complementary", { name: "Version history" });
    await versionRow(darkPanel, "Before restore").first().getByRole("button", { name: /Before restore/ }).click();
    await darkPanel.getByTestId("version-preview").locator("ins").first().waitFor();
    await shot(dark, "history-1280-dark");
    expect(await seriousViolations(dark)).toEqual([]);

    // On a phone the panel is a bottom sheet over the text, inside the screen.
    for (const colorScheme of ["light", "dark"] as const) {
      const phone = await openEditor(owner, doc.id, { viewport: { width: 390, height: 844 }, colorScheme });
      const rowTops = await phone
        .getByRole("toolbar", { name: "Editor" })
        .getByRole("button")
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(rowTops).size).toBe(1);
      await historyButton(phone).click();
      const sheet = phone.getByRole("dialog", { name: "Version history" });
      await versionRow(sheet, "Sent to editor").waitFor();
      await shot(phone, `history-390-${colorScheme}-list`);
      await versionRow(sheet, "Sent to editor").getByRole("button", { name: /Sent to editor/ }).click();
      await sheet.getByTestId("version-preview").locator("ins").first().waitFor();
      const box = (await sheet.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await sheet.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
      await shot(phone, `history-390-${colorScheme}-version`);
      expect(await seriousViolations(phone)).toEqual([]);
      await sheet.getByRole("button", { name: "Close history" }).click();
      await expect.poll(() => sheet.count()).toBe(0);
    }
  });

  it("shows History to editors and not to viewers", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    const { plans } = await api<{ plans: Array<{ id: string; priceId: string | null }> }>(owner, "GET", "/api/stripe/plans");
    const priceId = plans.find((p) => p.id === "professional")?.priceId;
    const { url } = await api<{ url: string }>(owner, "POST", "/api/stripe/create-checkout-session", { priceId });
    await api(owner, "POST", `/api/stripe/test-checkout/${url.split("/").pop()}/pay`, {});
    const doc = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Shared", content: docOf("Shared words.") });
    const editor = await signUpViaApi(app.server.url);
    const viewer = await signUpViaApi(app.server.url);
    await inviteAndAccept(app.server.url, owner, doc.id, editor, "editor");
    await inviteAndAccept(app.server.url, owner, doc.id, viewer, "viewer");

    const asEditor = await openEditor(editor, doc.id);
    await historyButton(asEditor).waitFor();
    const asViewer = await openEditor(viewer, doc.id);
    await asViewer.getByText("View only").waitFor();
    expect(await historyButton(asViewer).count()).toBe(0);
    // A long history comes a page at a time: the oldest versions behind "Show older versions".
    for (let i = 1; i <= 52; i++) await api(owner, "POST", `/api/documents/${doc.id}/versions`, { name: `Milestone ${i}` });
    // The owner's panel says how long the Professional plan keeps versions.
    const asOwner = await openEditor(owner, doc.id);
    await historyButton(asOwner).click();
    const panel = asOwner.getByRole("complementary", { name: "Version history" });
    await panel.getByText("Versions are kept as long as the document.").waitFor();
    await versionRow(panel, "Milestone 52").waitFor();
    expect(await panel.getByTestId("version-row").count()).toBe(50);
    const oldest = panel.getByTestId("version-row").filter({ hasText: /Milestone 1(?!\d)/ });
    expect(await oldest.count()).toBe(0);
    await panel.getByRole("button", { name: "Show older versions", exact: true }).click();
    await oldest.waitFor();
    expect(await panel.getByRole("button", { name: "Show older versions", exact: true }).count()).toBe(0);
    // History and the AI assistant take turns beside the text.
    const assistant = asOwner.getByRole("complementary", { name: "AI Writing Assistant" });
    await asOwner.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "AI Assistant" }).click();
    await assistant.waitFor();
    expect(await panel.count()).toBe(0);
    await historyButton(asOwner).click();
    await panel.waitFor();
    expect(await assistant.count()).toBe(0);
  });
});
