// Sharing in real Chromium: the owner shares with a password from the Share dialog, a
// second browser context (no account) opens the link, enters the password and reads the
// formatted document; with editing allowed the visitor's change reaches the owner's open
// editor; the owner makes the document private and the link stops working.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiRequest } from "./support/api.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

function createDocument(session: ApiSession): Promise<DocumentRecord> {
  return apiRequest<DocumentRecord>(server.url, session, "POST", "/api/documents", {
    title: "Launch plan",
    content: {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Goals" }] },
        { type: "paragraph", content: [{ type: "text", text: "Ship it", marks: [{ type: "bold" }] }] },
      ],
    },
  });
}

const ownerBody = editorBody;
const visitorBody = (page: Page) => page.locator(".shared-prose");

async function saveShareSettings(page: Page, expected: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await page.getByText(expected).first().waitFor({ timeout: 15_000 });
}

describe("sharing", () => {
  it("shares with a password, lets a visitor read and edit live, and revokes the link", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await createDocument(session);

    const owner = await openInEditor(browser, server.url, session, doc.id, { permissions: ["clipboard-read", "clipboard-write"] });
    const ownerContext = owner.context();

    // The owner opens the Share dialog, makes the document public with a password.
    await owner.getByRole("button", { name: "Share" }).click();
    const dialog = owner.getByRole("dialog");
    await dialog.getByLabel("Public access").waitFor({ timeout: 15_000 });
    await dialog.getByLabel("Public access").click();
    await dialog.getByLabel("Password", { exact: true }).fill("open sesame");
    await saveShareSettings(owner, "Document is now public");
    await dialog.getByText("Password protected").waitFor();
    expect(await dialog.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    const link = await dialog.getByLabel("Share link").inputValue();
    expect(link).toBe(`${server.url}/shared/${doc.id}?protected=true`);
    await dialog.getByRole("button", { name: "Copy" }).click();
    await dialog.getByRole("button", { name: "Copied" }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A visitor without an account opens the link, gets the password form, then the document.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await visitor.getByText("Password required").waitFor({ timeout: 30_000 });
    expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    const passwordField = visitor.getByLabel("Password");
    await passwordField.fill("wrong guess");
    await visitor.getByRole("button", { name: "Open document" }).click();
    await visitor.getByText("Incorrect password").waitFor();
    await passwordField.fill("open sesame");
    await visitor.getByRole("button", { name: "Open document" }).click();
    await visitor.getByRole("heading", { name: "Launch plan" }).waitFor({ timeout: 30_000 });
    await visitorBody(visitor).locator("h2", { hasText: "Goals" }).waitFor();
    expect(await visitorBody(visitor).locator("strong").textContent()).toBe("Ship it");
    expect(await visitorBody(visitor).getAttribute("contenteditable")).toBe("false");
    await visitor.getByText(/Last updated/).waitFor();

    // The owner keeps writing; the visitor's page follows live.
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    await ownerBody(owner).locator("strong").click();
    await owner.keyboard.press("End");
    await owner.keyboard.type(" soon");
    await expect.poll(() => visitorBody(visitor).textContent(), { timeout: 20_000 }).toContain("Ship it soon");

    // The owner allows editing (the dialog shows the stored settings again); the link now carries ?edit=true.
    await owner.getByRole("button", { name: "Share" }).click();
    await dialog.getByText("Password protected").waitFor({ timeout: 15_000 });
    expect(await dialog.getByLabel("Public access").getAttribute("aria-checked")).toBe("true");
    await dialog.getByLabel("Allow editing").click();
    await saveShareSettings(owner, "Document is now public");
    await expect
      .poll(() => dialog.getByLabel("Share link").inputValue())
      .toBe(`${server.url}/shared/${doc.id}?edit=true&protected=true`);
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The visitor reloads (the unlocked token lasts the tab's session) and edits.
    await visitor.reload();
    await visitorBody(visitor).waitFor({ state: "visible", timeout: 30_000 });
    expect(await visitorBody(visitor).getAttribute("contenteditable")).toBe("true");
    await visitorBody(visitor).locator("strong").click();
    await visitor.keyboard.press("End");
    await visitor.keyboard.type(" today");
    await expect.poll(() => visitor.getByTestId("shared-save-status").textContent(), { timeout: 20_000 }).toBe("Saved");

    // The owner's open editor shows the visitor's change without a reload.
    await expect.poll(() => ownerBody(owner).textContent(), { timeout: 20_000 }).toContain("Ship it soon today");

    // The owner makes the document private: the link stops working at once.
    await owner.getByRole("button", { name: "Share" }).click();
    await dialog.getByLabel("Public access").waitFor();
    await dialog.getByLabel("Public access").click();
    await saveShareSettings(owner, "Document is now private");
    await visitor.reload();
    await visitor.getByText("Document not found").waitFor({ timeout: 30_000 });
    const api = await fetch(`${server.url}/api/shared/${doc.id}`);
    expect(api.status).toBe(404);
    expect(api.headers.get("x-robots-tag")).toContain("noindex");

    await visitorContext.close();
    await ownerContext.close();
  });
});
