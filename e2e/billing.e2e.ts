// Billing end to end in Chromium with the built-in test checkout (no Stripe key):
// choose Creator signed out → sign up → confirm by email → pay → AI unlocked; the cancel
// path; the billing portal (cancel at period end, resume, a switch confirmed with its
// charge); a guest purchase.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTH_STORAGE_KEY } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { openMailLink } from "./support/mailbox.js";
import type { UrlResponse } from "../src/shared/contracts/billing";
import { apiCall, apiRequest } from "./support/api.js";

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), AUTH_STORAGE_KEY);
  if (!raw) throw new Error("not signed in");
  return JSON.parse(raw).access_token as string;
}

const api = (url: string, token: string, method: string, path: string, body?: unknown) => apiCall(url, { access_token: token }, method, path, body);

/** Loads / at its pricing anchor (a fresh load: the dashboard shows plans when the URL asks for them). */
async function openPricing(page: Page, url: string) {
  await page.goto("about:blank");
  await page.goto(`${url}/#pricing`);
}

describe("billing with the built-in checkout", () => {
  const app = startAppAndBrowser({ env: { AUTH_AUTOCONFIRM: "false" }, startTimeoutMs: 170_000 });
  // Email confirmation on, as in production.

  /** A confirmed user signed in in a new browser context (sign-up API, then the emailed link). */
  async function confirmedUserPage(): Promise<{ page: Page; email: string }> {
    const email = `bill-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
    const res = await apiCall(app.server.url, null, "POST", "/auth/v1/signup", { email, password: "correct-horse-42", data: { full_name: "Bill Payer" } });
    expect(res.status).toBe(200);
    const page = await (await app.browser.newContext()).newPage();
    await openMailLink(page, app.server.url, email, "Confirm your email");
    await page.waitForURL((u) => u.pathname === "/");
    await expect.poll(() => page.evaluate((k) => !!localStorage.getItem(k), AUTH_STORAGE_KEY)).toBe(true);
    return { page, email };
  }

  it("signed out: choose Creator → sign up → confirm → pay → Creator active, AI unlocked", { timeout: 240_000 }, async () => {
    const { url } = app.server;
    const email = `e2e-buyer-${Date.now()}@example.com`;
    const page = await (await app.browser.newContext()).newPage();

    await page.goto(`${url}/`);
    await page.getByRole("link", { name: "Pricing", exact: true }).click();
    const pricing = page.locator("#pricing");
    await expect.poll(() => pricing.getByText("Most Popular").isVisible()).toBe(true);
    await expect.poll(visible(page, "All plans include our 14-day money-back guarantee")).toBe(true);
    expect(await pricing.getByRole("link", { name: "Contact sales" }).getAttribute("href")).toMatch(/^mailto:/);
    await pricing.getByRole("button", { name: "Upgrade to Creator" }).click();
    await page.waitForURL(`${url}/signup`);
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem("intended_plan")))!);
    expect(saved).toMatchObject({ planName: "creator", priceId: "price_creator_monthly" });

    await page.getByLabel("Full Name").fill("Paying Writer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-42");
    await page.getByLabel("Confirm Password").fill("correct-horse-42");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${url}/signup/success`);

    // Confirming signs in and returns to /signup/success, which starts checkout after 2 s.
    await openMailLink(page, url, email, "Confirm your email");
    await page.waitForURL(/\/checkout\/test\/cs_test_/, { timeout: 30_000 });
    await expect.poll(visible(page, "This is a test payment.")).toBe(true);
    await expect.poll(visible(page, "No card is charged.")).toBe(true);
    expect(await page.getByTestId("checkout-price").textContent()).toContain("$12.00");
    expect(await page.evaluate(() => localStorage.getItem("intended_plan"))).toBeNull();

    const token = await tokenOf(page);
    expect((await api(url, token, "POST", "/api/ai/improve", { text: "this are bad sentence" })).status).toBe(402);

    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await page.waitForURL(/\/subscription-success\?session_id=cs_test_/);
    await expect.poll(visible(page, "Payment Successful!")).toBe(true);
    await expect.poll(visible(page, "Your subscription has been activated!")).toBe(true);
    await expect.poll(visible(page, /premium features are now active on the Creator plan/)).toBe(true);

    const status = await api(url, await tokenOf(page), "GET", "/api/stripe/subscription-status");
    expect(status.body).toMatchObject({ isActive: true, planName: "creator", status: "active", cancelAtPeriodEnd: false });
    const ai = await api(url, await tokenOf(page), "POST", "/api/ai/improve", { text: "this are bad sentence" });
    expect(ai.status).toBe(200);

    // The pricing cards (on the dashboard at /#pricing) now follow the plan.
    await openPricing(page, url);
    await expect.poll(() => page.locator("#pricing").getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await page.locator("#pricing").getByRole("button", { name: "Manage via Billing Portal" }).isDisabled()).toBe(true);
    expect(await page.locator("#pricing").getByRole("button", { name: "Upgrade to Professional" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("cancelling checkout leaves the user on Gratis", { timeout: 180_000 }, async () => {
    const { url } = app.server;
    const { page } = await confirmedUserPage();
    await openPricing(page, url);
    const pricing = page.locator("#pricing");
    await pricing.getByRole("button", { name: "Upgrade to Creator" }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${url}/subscription-cancel`);
    await expect.poll(visible(page, "Payment Cancelled")).toBe(true);
    await expect.poll(visible(page, /no charges were made/)).toBe(true);
    expect(await page.getByRole("link", { name: "View Plans Again" }).getAttribute("href")).toBe("/#pricing");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/");
    const status = await api(url, await tokenOf(page), "GET", "/api/stripe/subscription-status");
    expect(status.body).toMatchObject({ isActive: false, planName: "gratis" });
    await page.context().close();
  });

  it("billing portal: cancel at period end, resume, switch to Professional", { timeout: 180_000 }, async () => {
    const { url } = app.server;
    const { page } = await confirmedUserPage();
    await openPricing(page, url);
    await page.locator("#pricing").getByRole("button", { name: "Upgrade to Creator" }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await page.waitForURL(/\/subscription-success/);
    await expect.poll(visible(page, "Your subscription has been activated!")).toBe(true);

    const portal = await api(url, await tokenOf(page), "POST", "/api/stripe/create-portal");
    expect(portal.body).toEqual({ url: `${url}/billing/portal` });
    await page.goto(portal.body.url);
    await expect.poll(visible(page, "Creator plan")).toBe(true);
    await expect.poll(() => page.getByTestId("renewal").textContent()).toMatch(/^Renews on /);

    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel at period end" }).click();
    await expect.poll(() => page.getByTestId("renewal").textContent()).toMatch(/^Ends on /);
    let status = await api(url, await tokenOf(page), "GET", "/api/stripe/subscription-status");
    expect(status.body).toMatchObject({ isActive: true, planName: "creator", cancelAtPeriodEnd: true });

    await page.getByRole("button", { name: "Resume subscription" }).click();
    await expect.poll(() => page.getByTestId("renewal").textContent()).toMatch(/^Renews on /);

    await page.getByRole("button", { name: "Switch to Professional" }).click();
    // The change is confirmed with its prorated charge first.
    const confirm = page.getByRole("alertdialog").getByRole("button", { name: /^Pay \$\d+\.\d\d and switch$/ });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await expect.poll(visible(page, "Professional plan")).toBe(true);
    status = await api(url, await tokenOf(page), "GET", "/api/stripe/subscription-status");
    expect(status.body).toMatchObject({ isActive: true, planName: "professional", cancelAtPeriodEnd: false });
    await page.context().close();
  });

  it("a guest who paid without an account sets a password and confirms it from the emailed link", { timeout: 180_000 }, async () => {
    const { url } = app.server;
    const email = `guest-${Date.now()}@example.com`;
    const { url: checkoutUrl } = await apiRequest<UrlResponse>(url, null, "POST", "/api/stripe/create-checkout-session", {
      priceId: "price_professional_monthly",
    });
    const page = await (await app.browser.newContext()).newPage();
    await page.goto(checkoutUrl);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Pay $24.00" }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/);
    await expect.poll(visible(page, "Welcome to Professional plan")).toBe(true);
    // The page is reachable by its link alone: it does not show the email paid with.
    expect(await page.getByText(email).count()).toBe(0);

    await page.getByLabel("Email you paid with").fill(email);
    await page.getByLabel("Set Your Password").fill("abc");
    await page.getByLabel("Confirm Password").fill("abc");
    await page.getByRole("button", { name: "Set Password & Continue" }).click();
    await expect.poll(visible(page, "Password too short")).toBe(true);
    await page.getByLabel("Set Your Password").fill("guest-password-1");
    await page.getByLabel("Confirm Password").fill("guest-password-2");
    await page.getByRole("button", { name: "Set Password & Continue" }).click();
    await expect.poll(visible(page, "Password mismatch")).toBe(true);
    await page.getByLabel("Confirm Password").fill("guest-password-1");
    await page.getByRole("button", { name: "Set Password & Continue" }).click();
    await expect.poll(visible(page, "Check your email")).toBe(true);

    await openMailLink(page, url, email, "Confirm your email");
    await page.waitForURL((u) => !u.pathname.startsWith("/dev/mailbox"), { timeout: 30_000 });
    // The link signs the buyer in: the session lands in the browser's storage.
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k) !== null, AUTH_STORAGE_KEY), { timeout: 30_000 }).toBe(true);
    const status = await api(url, await tokenOf(page), "GET", "/api/stripe/subscription-status");
    expect(status.body).toMatchObject({ isActive: true, planName: "professional" });
    await page.context().close();
  });
});
