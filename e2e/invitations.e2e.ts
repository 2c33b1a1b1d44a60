// Invitations in Chromium: a Professional owner invites an address from the Share dialog;
// the invitee opens the emailed link signed out, creates an account, lands in the document,
// finds it under "Shared with me", and both write in it together; the owner makes the
// invitee a viewer (their editor turns read-only) and then removes them (it closes at once).
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiRequest } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { openMailLink } from "./support/mailbox.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const { contexts, api } = app;
const body = (page: Page) => page.locator(".draftsmith-prose");
const docText = (page: Page) =>
  body(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return copy.textContent ?? "";
  });

async function subscribe(session: ApiSession, plan: "creator" | "professional"): Promise<void> {
  const { plans } = await api<{ plans: Array<{ id: string; priceId: string | null }> }>(session, "GET", "/api/stripe/plans");
  const priceId = plans.find((p) => p.id === plan)?.priceId;
  const { url } = await api<{ url: string }>(session, "POST", "/api/stripe/create-checkout-session", { priceId });
  await api(session, "POST", `/api/stripe/test-checkout/${url.split("/").pop()}/pay`, {});
}

async function newContext(): Promise<BrowserContext> {
  const context = await app.browser.newContext();
  contexts.push(context);
  return context;
}

describe("invitations", () => {
  it("invite → email → sign up → Shared with me → write together → viewer → removed: the editor closes", { timeout: 240_000 }, async () => {
    const owner = await signUpViaApi(app.server.url, { fullName: "Olivia Owner" });
    await subscribe(owner, "professional");
    const doc = await api<DocumentRecord>(owner, "POST", "/api/documents", {
      title: "Team plan",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Agenda." }] }] },
    });

    // The owner invites from the Share dialog.
    const ownerContext = await newContext();
    await putSessionInContext(ownerContext, app.server.url, owner);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${app.server.url}/editor/${doc.id}`);
    await body(ownerPage).waitFor({ state: "visible", timeout: 20_000 });
    await ownerPage.getByRole("button", { name: "Share" }).click();
    const dialog = ownerPage.getByRole("dialog");
    const inviteeEmail = `invitee-${Date.now()}@example.com`;
    await dialog.getByLabel("Email address to invite").fill(inviteeEmail);
    await dialog.getByRole("button", { name: "Invite" }).click();
    await dialog.getByTestId("member-row").filter({ hasText: inviteeEmail }).getByText("Invited").waitFor();
    await ownerPage.keyboard.press("Escape");

    // The invitee opens the emailed link signed out, creates an account, and lands in the document.
    const inviteeContext = await newContext();
    const page = await inviteeContext.newPage();
    await openMailLink(page, app.server.url, inviteeEmail, "Open the document");
    await page.getByRole("heading", { name: "You've been invited to a document" }).waitFor();
    await page.getByRole("link", { name: "Create account" }).click();
    await page.getByLabel("Full Name").fill("Ivan Invitee");
    await page.getByLabel("Email").fill(inviteeEmail);
    await page.getByLabel("Password", { exact: true }).fill("invitee-password-1");
    await page.getByLabel("Confirm Password").fill("invitee-password-1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("button", { name: "Go to App" }).click();
    await page.waitForURL(`${app.server.url}/editor/${doc.id}`, { timeout: 20_000 });
    await expect.poll(() => docText(page), { timeout: 20_000 }).toBe("Agenda.");
    // Not the owner: no Share button.
    expect(await page.getByRole("button", { name: "Share" }).count()).toBe(0);

    // "Shared with me" on the dashboard, and back into the document from there.
    await page.getByRole("link", { name: "Documents" }).first().click();
    const card = page.getByTestId("shared-document-card").filter({ hasText: "Team plan" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Shared by Olivia Owner");
    await card.click();
    await body(page).waitFor({ state: "visible", timeout: 20_000 });

    // Both write together.
    await expect.poll(() => docText(page), { timeout: 20_000 }).toBe("Agenda.");
    await body(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Budget.");
    await body(ownerPage).click();
    await ownerPage.keyboard.press("End");
    await ownerPage.keyboard.type(" Dates.");
    await expect.poll(() => docText(ownerPage), { timeout: 20_000 }).toMatch(/Budget\./);
    await expect.poll(() => docText(page), { timeout: 20_000 }).toMatch(/Dates\./);
    expect(await docText(page)).toBe(await docText(ownerPage));
    await expect.poll(() => ownerPage.getByTestId("presence").count()).toBe(1);

    // The owner makes them a viewer: their editor turns read-only by itself.
    const { members } = await api<{ members: Array<{ id: string; email: string }> }>(owner, "GET", `/api/documents/${doc.id}/members`);
    const member = members.find((m) => m.email === inviteeEmail)!;
    await ownerPage.getByRole("button", { name: "Share" }).click();
    await dialog.getByRole("combobox", { name: `Role of ${inviteeEmail}` }).click();
    await ownerPage.getByRole("option", { name: "Can view" }).click();
    await page.getByText("View only").waitFor({ timeout: 20_000 });
    expect(await body(page).getAttribute("contenteditable")).toBe("false");

    // Removed: the invitee's open editor closes at once.
    await dialog.getByRole("button", { name: `Remove ${inviteeEmail}` }).click();
    await page.getByRole("heading", { name: "You no longer have access to this document" }).waitFor({ timeout: 20_000 });
    const after = await apiRequest<unknown>(app.server.url, owner, "GET", `/api/documents/${doc.id}/members`);
    expect((after as { members: unknown[] }).members).toEqual([]);
    expect(member.id).toBeTruthy();
  });

  it("a Creator owner is told that inviting needs Professional", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    await subscribe(owner, "creator");
    const doc = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Solo" });
    const context = await newContext();
    await putSessionInContext(context, app.server.url, owner);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/editor/${doc.id}`);
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Inviting people to write with you is part of the Professional plan.").waitFor();
    expect(await page.getByLabel("Email address to invite").count()).toBe(0);
  });
});
