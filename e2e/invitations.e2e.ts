// Invitations in Chromium: a Professional owner invites an address from the Share dialog (it
// shows as Pending, by address only); the invitee opens the emailed link signed out, creates
// an account, is brought back to the invitation, accepts it and lands in the document, finds
// it under "Shared with me", and both write in it together; the owner makes the invitee a
// viewer (their editor turns read-only) and then removes them (it closes at once). Invitations
// waiting under "Shared with me" are accepted or declined there; another account opening the
// link is told it is for someone else. Screenshots of the invitation page and the pending
// invitations at 390 and 1280 px, light and dark, go to SHOTS_DIR when it is set.
import { mkdirSync } from "node:fs";
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

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The page at both widths, light and dark, saved when SHOTS_DIR is set; nothing runs past either width. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  for (const [viewport, width] of [
    [PHONE, "390"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    if (!dir) continue;
    mkdirSync(dir, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Colours ease into the new scheme.
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.setViewportSize(DESKTOP);
}

/** Remove from the open Share dialog: Cancel first keeps them, then Remove in the question. */
async function removeCollaborator(ownerPage: Page, email: string, name: string): Promise<void> {
  const share = ownerPage.getByRole("dialog", { name: /Share/ });
  await share.getByRole("button", { name: `Remove ${email}` }).click();
  const ask = ownerPage.getByRole("alertdialog", { name: `Remove ${name}?` });
  await ask.waitFor();
  expect(await ask.getByText("They will lose access to this document.").isVisible()).toBe(true);
  // The question fits the screen, buttons included.
  const width = ownerPage.viewportSize()!.width;
  for (const button of ["Remove", "Cancel"]) {
    const box = (await ask.getByRole("button", { name: button, exact: true }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  await ask.getByRole("button", { name: "Cancel" }).click();
  await ask.waitFor({ state: "hidden" });
  expect(await share.getByTestId("member-row").filter({ hasText: name }).count()).toBe(1);

  await share.getByRole("button", { name: `Remove ${email}` }).click();
  await ask.getByRole("button", { name: "Remove", exact: true }).click();
  await share.getByTestId("member-row").filter({ hasText: name }).waitFor({ state: "detached" });
}

async function newContext(): Promise<BrowserContext> {
  const context = await app.browser.newContext();
  contexts.push(context);
  return context;
}

describe("invitations", () => {
  it("invite → email → sign up → Accept → Shared with me → write together → viewer → removed: the editor closes", { timeout: 240_000 }, async () => {
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
    await dialog.getByTestId("member-row").filter({ hasText: inviteeEmail }).getByText("Pending").waitFor();
    await ownerPage.keyboard.press("Escape");

    // The invitee opens the emailed link signed out, creates an account, is brought back to the
    // invitation, accepts it and lands in the document.
    const inviteeContext = await newContext();
    const page = await inviteeContext.newPage();
    await openMailLink(page, app.server.url, inviteeEmail, "Accept or decline the invitation");
    await page.getByRole("heading", { name: "You've been invited to a document" }).waitFor();
    await page.getByRole("link", { name: "Create account" }).click();
    await page.getByLabel("Full Name").fill("Ivan Invitee");
    // The invited address is filled in, and can still be changed.
    const emailField = page.getByLabel("Email");
    expect(await emailField.inputValue()).toBe(inviteeEmail);
    expect(await emailField.isEditable()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill("invitee-password-1");
    await page.getByLabel("Confirm Password").fill("invitee-password-1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("button", { name: "Go to App" }).click();
    await page.waitForURL(/\/invite\//, { timeout: 20_000 });
    const invitation = page.getByTestId("invitation-card");
    await invitation.waitFor({ timeout: 20_000 });
    expect(await invitation.textContent()).toContain("Team plan");
    expect(await invitation.textContent()).toContain("Invited by Olivia Owner");
    expect(await invitation.textContent()).toContain("Can edit");
    await page.getByRole("button", { name: "Decline" }).waitFor();
    await shots(page, "invitation-page");
    await page.getByRole("button", { name: "Accept" }).click();
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
    // The owner's End lands after the invitee's words once they have arrived; pressed while
    // they are still arriving, it would put the owner's words between two of their letters.
    await expect.poll(() => docText(ownerPage), { timeout: 20_000 }).toMatch(/Budget\./);
    await body(ownerPage).click();
    await ownerPage.keyboard.press("End");
    await ownerPage.keyboard.type(" Dates.");
    await expect.poll(() => docText(page), { timeout: 20_000 }).toMatch(/Dates\./);
    expect(await docText(page)).toBe(await docText(ownerPage));
    await expect.poll(() => ownerPage.getByTestId("presence").count()).toBe(1);

    // The owner makes them a viewer: their editor turns read-only by itself. Accepted, they
    // show by name now.
    const { members } = await api<{ members: Array<{ id: string; email: string; name: string | null; status: string }> }>(
      owner,
      "GET",
      `/api/documents/${doc.id}/members`,
    );
    const member = members.find((m) => m.email === inviteeEmail)!;
    expect(member).toMatchObject({ name: "Ivan Invitee", status: "accepted" });
    await ownerPage.getByRole("button", { name: "Share" }).click();
    await dialog.getByTestId("member-row").filter({ hasText: "Ivan Invitee" }).waitFor();
    expect(await dialog.getByTestId("member-row").filter({ hasText: "Ivan Invitee" }).getByText("Pending").count()).toBe(0);
    await dialog.getByRole("combobox", { name: `Role of ${inviteeEmail}` }).click();
    await ownerPage.getByRole("option", { name: "Can view" }).click();
    await page.getByText("View only").waitFor({ timeout: 20_000 });
    expect(await body(page).getAttribute("contenteditable")).toBe("false");
    // Reconnected read-only, they are still shown as here.
    await expect.poll(() => ownerPage.getByTestId("presence").count()).toBe(1);

    // Removed, after a question: the invitee's open editor closes at once, and their avatar
    // leaves the owner's editor (it stayed after a role change before).
    await removeCollaborator(ownerPage, inviteeEmail, "Ivan Invitee");
    await expect.poll(() => ownerPage.getByTestId("presence").count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole("heading", { name: "You no longer have access to this document" }).waitFor({ timeout: 20_000 });
    const after = await apiRequest<unknown>(app.server.url, owner, "GET", `/api/documents/${doc.id}/members`);
    expect((after as { members: unknown[] }).members).toEqual([]);
    expect(member.id).toBeTruthy();
  });

  it.each([
    ["a phone", PHONE],
    ["a desktop", DESKTOP],
  ])("removing a collaborator on %s asks first, and their avatar leaves the editor at once", { timeout: 180_000 }, async (_, viewport) => {
    const owner = await signUpViaApi(app.server.url, { fullName: "Olivia Owner" });
    await subscribe(owner, "professional");
    const invitee = await signUpViaApi(app.server.url, { fullName: "Ivan Invitee" });
    const doc = await api<DocumentRecord>(owner, "POST", "/api/documents", {
      title: "Phone plan",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Notes." }] }] },
    });
    await api(owner, "POST", `/api/documents/${doc.id}/members`, { email: invitee.email, role: "editor" });
    const [invitation] = await api<Array<{ id: string }>>(invitee, "GET", "/api/invitations");
    await api(invitee, "POST", `/api/invitations/${invitation!.id}/accept`, {});

    const inviteeContext = await newContext();
    await putSessionInContext(inviteeContext, app.server.url, invitee);
    const page = await inviteeContext.newPage();
    await page.goto(`${app.server.url}/editor/${doc.id}`);
    await body(page).waitFor({ state: "visible", timeout: 20_000 });

    const ownerContext = await newContext();
    await putSessionInContext(ownerContext, app.server.url, owner);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.setViewportSize(viewport);
    await ownerPage.goto(`${app.server.url}/editor/${doc.id}`);
    await body(ownerPage).waitFor({ state: "visible", timeout: 20_000 });
    await expect.poll(() => ownerPage.getByTestId("presence").count(), { timeout: 20_000 }).toBe(1);

    await ownerPage.getByRole("button", { name: "Share" }).click();
    await removeCollaborator(ownerPage, invitee.email, "Ivan Invitee");
    // Gone well before awareness would drop a silent peer by itself (30 s).
    await expect.poll(() => ownerPage.getByTestId("presence").count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole("heading", { name: "You no longer have access to this document" }).waitFor({ timeout: 20_000 });
  });

  it("invitations wait under Shared with me: Decline removes one (the owner sees it gone), Accept opens the other; another account opening the link is told it is for someone else", { timeout: 180_000 }, async () => {
    const owner = await signUpViaApi(app.server.url, { fullName: "Olivia Owner" });
    await subscribe(owner, "professional");
    const invitee = await signUpViaApi(app.server.url, { fullName: "Ivan Invitee" });
    const accepted = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Quarterly review" });
    const declined = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "A rather long working title for the spring planning notes" });
    await api(owner, "POST", `/api/documents/${accepted.id}/members`, { email: invitee.email, role: "editor" });
    await api(owner, "POST", `/api/documents/${declined.id}/members`, { email: invitee.email, role: "viewer" });

    // Someone else signed in follows the emailed link: told it is for another account, no Accept.
    const stranger = await signUpViaApi(app.server.url, { fullName: "Sam Stranger" });
    const strangerContext = await newContext();
    await putSessionInContext(strangerContext, app.server.url, stranger);
    const strangerPage = await strangerContext.newPage();
    await openMailLink(strangerPage, app.server.url, invitee.email, "Accept or decline the invitation");
    await strangerPage.getByRole("heading", { name: "This invitation is for another account" }).waitFor({ timeout: 20_000 });
    expect(await strangerPage.getByText(`It was sent to ${invitee.email}`).count()).toBe(1);
    expect(await strangerPage.getByRole("button", { name: "Accept" }).count()).toBe(0);
    await shots(strangerPage, "invitation-other-account");
    // Switching accounts keeps the invitation: signed in with the invited address, it is back.
    await strangerPage.getByRole("button", { name: "Sign in with another account" }).click();
    const signIn = strangerPage.getByRole("dialog");
    await signIn.getByLabel("Email").fill(invitee.email);
    await signIn.getByLabel("Password", { exact: true }).fill(invitee.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await strangerPage.getByTestId("invitation-card").waitFor({ timeout: 20_000 });
    await strangerPage.getByRole("button", { name: "Accept" }).waitFor();

    const context = await newContext();
    await putSessionInContext(context, app.server.url, invitee);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/`);
    const cards = page.getByTestId("pending-invitation-card");
    await cards.first().waitFor({ timeout: 20_000 });
    expect(await cards.count()).toBe(2);
    expect(await page.getByText("2 invitations waiting for your answer").count()).toBe(1);
    const toAccept = cards.filter({ hasText: "Quarterly review" });
    expect(await toAccept.textContent()).toContain("Invited by Olivia Owner");
    expect(await toAccept.textContent()).toContain("Can edit");
    // Nothing is shared before an answer.
    expect(await page.getByTestId("shared-document-card").count()).toBe(0);
    await page.getByRole("heading", { name: "Shared with me" }).scrollIntoViewIfNeeded();
    await shots(page, "shared-with-me-pending");

    await page.getByRole("button", { name: `Decline the invitation to "${declined.title}"` }).click();
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
    const afterDecline = await api<{ members: unknown[] }>(owner, "GET", `/api/documents/${declined.id}/members`);
    expect(afterDecline.members).toEqual([]);

    await page.getByRole("button", { name: `Accept the invitation to "${accepted.title}"` }).click();
    const card = page.getByTestId("shared-document-card").filter({ hasText: "Quarterly review" });
    await card.waitFor({ timeout: 10_000 });
    expect(await cards.count()).toBe(0);
    await card.click();
    await page.waitForURL(`${app.server.url}/editor/${accepted.id}`);
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
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
