// Accounts end to end in Chromium, with email confirmation switched on: sign up at
// /signup, confirm from /dev/mailbox, land signed in, sign out, reset the password through
// the dialog and the emailed link, sign in with the new password.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTH_STORAGE_KEY, signInPage, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { openMailLink } from "./support/mailbox.js";

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe("accounts: sign-up, confirmation, sign-out, password reset (confirmation required)", () => {
  const app = startAppAndBrowser({ env: { AUTH_AUTOCONFIRM: "false" }, startTimeoutMs: 170_000 });

  it("a new user goes from /signup to signed in, and back in after a password reset", { timeout: 240_000 }, async () => {
    const { url } = app.server;
    const email = `e2e-${Date.now()}@example.com`;
    const context = await app.browser.newContext();
    const page = await context.newPage();

    // Sign up: the validation toasts first, then a real sign-up.
    await page.goto(`${url}/signup`);
    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("short");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(visible(page, "Password too short")).toBe(true);
    // The rule is on the form before anything is sent (NIST SP 800-63B: length and a list, no composition).
    expect(await page.getByText("At least 8 characters, and not a common or breached password.").isVisible()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill("Password1");
    await page.getByLabel("Confirm Password").fill("Password1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(visible(page, "Password too common")).toBe(true);
    expect(page.url()).toBe(`${url}/signup`);
    await page.getByLabel("Password", { exact: true }).fill("first-password");
    await page.getByLabel("Confirm Password").fill("other-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(visible(page, "Password mismatch")).toBe(true);
    // Show/hide reveals the typed password.
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByLabel("Confirm Password").fill("first-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${url}/signup/success`);
    await expect.poll(visible(page, "Account Created!")).toBe(true);
    await expect.poll(visible(page, "We sent you a confirmation link to complete your signup.")).toBe(true);

    // Not confirmed: signing in is refused.
    await page.goto(`${url}/?signin=1`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("first-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(visible(page, "Authentication failed")).toBe(true);
    await expect.poll(visible(page, "Email not confirmed")).toBe(true);

    // Confirm from the mailbox: lands on / signed in (the dashboard).
    await openMailLink(page, url, email, "Confirm your email");
    await page.waitForURL((u) => u.pathname === "/");
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
    expect(await page.evaluate((k) => !!localStorage.getItem(k), AUTH_STORAGE_KEY)).toBe(true);

    // Sign out from the dashboard header.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect.poll(visible(page, "Start Writing")).toBe(true);
    expect(await page.evaluate((k) => localStorage.getItem(k), AUTH_STORAGE_KEY)).toBeNull();

    // Request a reset through the dialog: sign in → Forgot your password? → reset.
    await page.getByRole("button", { name: "Sign in" }).first().click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Sign up" }).click();
    expect(await dialog.getByLabel("Email").inputValue()).toBe(""); // switching clears the fields
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await dialog.getByRole("button", { name: "Forgot your password?" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(visible(page, "Reset link sent")).toBe(true);

    // Follow the emailed link and choose a new password.
    await openMailLink(page, url, email, "Reset password");
    await page.waitForURL(/\/reset-password/);
    await page.getByLabel("New Password", { exact: true }).fill("iloveyou");
    await page.getByLabel("Confirm New Password").fill("iloveyou");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect.poll(visible(page, "Password too common")).toBe(true);
    await page.getByLabel("New Password", { exact: true }).fill("second-password");
    await page.getByLabel("Confirm New Password").fill("second-password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect.poll(visible(page, "Start Writing")).toBe(true);

    // The old password no longer works; the new one does.
    await page.getByRole("button", { name: "Sign in" }).first().click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("first-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(visible(page, "Invalid login credentials")).toBe(true);
    await dialog.getByLabel("Password", { exact: true }).fill("second-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(visible(page, "You have successfully signed in.")).toBe(true);
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);

    // A used reset link does not sign anyone in again.
    await context.close();
    const fresh = await app.browser.newPage();
    await openMailLink(fresh, url, email, "Reset password");
    await fresh.waitForURL(/\/reset-password/);
    await expect.poll(visible(fresh, "Reset link expired")).toBe(true);
    await fresh.close();
  });
});

describe("accounts: the e2e sign-in helper (auto-confirm)", () => {
  const app = startAppAndBrowser({ startTimeoutMs: 170_000 });

  const savePlan = async (page: Page, url: string) => {
    await page.goto(`${url}/api/health`);
    await page.evaluate(() =>
      localStorage.setItem("intended_plan", JSON.stringify({ planName: "creator", priceId: "price_creator_monthly", timestamp: Date.now() })),
    );
  };

  it("a saved paid plan: /signup shows it, and /signup/success starts checkout 2 s after sign-up", { timeout: 120_000 }, async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await savePlan(page, app.server.url);
    await page.goto(`${app.server.url}/signup`);
    await expect.poll(visible(page, "Selected Plan: Creator")).toBe(true);
    await page.getByLabel("Full Name").fill("Plan Buyer");
    await page.getByLabel("Email").fill(`buyer-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("buyer-password");
    await page.getByLabel("Confirm Password").fill("buyer-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((u) => u.pathname === "/signup/success");
    await expect.poll(visible(page, "Next Step: Complete Payment")).toBe(true);
    await page.waitForURL((u) => u.pathname.startsWith("/checkout/"), { timeout: 30_000 });
    await context.close();
  });

  it("signing in through the dialog with a saved plan continues to checkout", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await savePlan(page, app.server.url);
    await page.goto(`${app.server.url}/?signin=1`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(session.email);
    await dialog.getByLabel("Password", { exact: true }).fill(session.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(visible(page, "Welcome back!")).toBe(true);
    await page.waitForURL((u) => u.pathname.startsWith("/checkout/"), { timeout: 30_000 });
    await context.close();
  });

  it("signUpViaApi + signInPage open the dashboard signed in", async () => {
    const session = await signUpViaApi(app.server.url, { fullName: "Helper User" });
    const page = await signInPage(app.browser, app.server.url, session);
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(session.email);
    await page.context().close();
  });
});
