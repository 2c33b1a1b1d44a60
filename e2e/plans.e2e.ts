// Plans within reach (built-in checkout, no Stripe key): the dashboard header leads to the
// plans and the settings; /#pricing shows and scrolls to the plans, also on a hash change;
// annual billing end to end; the portal's invoices and receipt; "Start Writing" after a
// payment opens the latest document instead of creating one per visit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, signInPage, signUpViaApi } from "./support/auth.js";
import { apiCall } from "./support/api.js";

const SHOTS = process.env.PLANS_SCREENSHOTS_DIR;

const api = (url: string, session: ApiSession, method: string, path: string, body?: unknown) => apiCall(url, session, method, path, body);

/** True when the element's top edge is inside the viewport. */
const inView = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return !!r && r.top >= -2 && r.top < window.innerHeight;
  }, selector);

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name) });
}

describe("plans and billing within reach", () => {
  const app = startAppAndBrowser({ startTimeoutMs: 170_000 });

  it("dashboard header: plan badge, Upgrade shows the plans, Account Settings opens", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const page = await signInPage(app.browser, app.server.url, session);
    const header = page.locator("header").first();
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toContain("Gratis");
    expect(await page.locator("#pricing").count()).toBe(0);
    await shot(page, "dashboard-header-1280.png");

    await header.getByRole("button", { name: "Upgrade" }).click();
    await expect.poll(() => page.locator("#pricing").isVisible()).toBe(true);
    await expect.poll(() => inView(page, "#pricing")).toBe(true);

    await header.getByRole("button", { name: "Account Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Account Settings" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("tab", { name: "Subscription" }).click();
    await expect.poll(() => dialog.getByText("Free plan with basic features").isVisible()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getByRole("button", { name: "Upgrade" }).isVisible()).toBe(true);
    await shot(page, "dashboard-header-390.png");
    expect(await header.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
    // Nothing in the header spills past a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "dashboard-header-390.png");
    await page.context().close();
  });

  it("/#pricing shows and scrolls to the plans, on load and when the hash changes on an open dashboard", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    // Enough documents that the plans start below the fold.
    for (let i = 0; i < 3; i++) await api(app.server.url, session, "POST", "/api/documents", { title: `Doc ${i}` });
    const page = await signInPage(app.browser, app.server.url, session, "/#pricing");
    await page.setViewportSize({ width: 1280, height: 500 });
    await expect.poll(() => page.locator("#pricing").isVisible()).toBe(true);
    await expect.poll(() => inView(page, "#pricing")).toBe(true);

    await page.goto(`${app.server.url}/`);
    await expect.poll(() => page.getByTestId("current-plan").isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    // "View Plans Again" on the cancel page is a link to /#pricing; on the open dashboard only the hash changes.
    await page.evaluate(() => {
      window.location.hash = "#pricing";
    });
    await expect.poll(() => page.locator("#pricing").isVisible()).toBe(true);
    await expect.poll(() => inView(page, "#pricing")).toBe(true);
    await page.context().close();
  });

  it("annual billing: switch, pay in the built-in checkout, settings show the annual plan; portal lists the invoice and the receipt downloads", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const page = await signInPage(app.browser, app.server.url, session, "/#pricing");
    const pricing = page.locator("#pricing");
    await expect.poll(() => pricing.getByTestId("price-creator").textContent()).toContain("$12/month");

    await pricing.locator("label", { hasText: "Annual" }).click();
    await expect.poll(() => pricing.getByTestId("price-creator").textContent()).toContain("$120/year");
    expect(await pricing.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
    expect(await pricing.getByTestId("price-creator").textContent()).toContain("Save $24");
    expect(await pricing.getByTestId("price-professional").textContent()).toContain("$240/year");
    await pricing.scrollIntoViewIfNeeded();
    await shot(page, "pricing-annual-1280.png");
    await page.setViewportSize({ width: 390, height: 844 });
    await pricing.locator("label", { hasText: "Annual" }).scrollIntoViewIfNeeded();
    await shot(page, "pricing-annual-390.png");
    await page.setViewportSize({ width: 1280, height: 800 });

    await pricing.getByRole("button", { name: "Upgrade to Creator" }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await expect.poll(() => page.getByTestId("checkout-price").textContent()).toContain("$120.00");
    expect(await page.getByTestId("checkout-price").textContent()).toContain("/ year");
    expect(await page.getByText("Billed annually").isVisible()).toBe(true);
    // The checkout's own switch moves to monthly and back.
    await page.locator("label", { hasText: "Monthly" }).click();
    await expect.poll(() => page.getByTestId("checkout-price").textContent()).toContain("$12.00");
    await page.locator("label", { hasText: "Annual" }).click();
    await expect.poll(() => page.getByTestId("checkout-price").textContent()).toContain("$120.00");
    await page.getByRole("button", { name: "Pay $120.00" }).click();
    await page.waitForURL(/\/subscription-success\?session_id=/);
    await expect.poll(() => page.getByText(/premium features are now active on the Creator plan/).isVisible()).toBe(true);

    const status = await api(app.server.url, session, "GET", "/api/stripe/subscription-status");
    expect(status.body).toMatchObject({ isActive: true, planName: "creator", interval: "year" });
    const days = (new Date(status.body.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);

    await page.goto(`${app.server.url}/`);
    const header = page.locator("header").first();
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toContain("Creator");
    await header.getByRole("button", { name: "Account Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Account Settings" });
    await dialog.getByRole("tab", { name: "Subscription" }).click();
    await expect.poll(() => dialog.getByTestId("billing-interval").textContent()).toBe("Billed annually");
    await page.keyboard.press("Escape");

    await page.goto(`${app.server.url}/billing/portal`);
    await expect.poll(() => page.getByText("$120.00 / year").first().isVisible()).toBe(true);
    const row = page.getByTestId("invoice-row");
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain("Creator");
    expect(text).toContain("$120.00");
    expect(text).toMatch(/paid/i);
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: "Receipt" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^draftsmith-receipt-[0-9A-F]+\.html$/);
    const file = path.join(os.tmpdir(), `receipt-${Date.now()}.html`);
    await download.saveAs(file);
    const html = fs.readFileSync(file, "utf8");
    expect(html).toContain("Receipt from Draftsmith");
    expect(html).toContain("$120.00 USD");
    expect(html).toContain(session.email);
    fs.rmSync(file, { force: true });
    await page.context().close();
  });

  it("Start Writing after a payment opens the latest document; two visits create at most one", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const created = await api(app.server.url, session, "POST", "/api/stripe/create-checkout-session", { priceId: "price_creator_monthly" });
    const sessionId = (created.body.url as string).split("/").pop()!;
    expect((await api(app.server.url, session, "POST", `/api/stripe/test-checkout/${sessionId}/pay`, {})).status).toBe(200);
    const page = await signInPage(app.browser, app.server.url, session, `/subscription-success?session_id=${sessionId}`);
    const editorIds: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      if (visit > 0) await page.goto(`${app.server.url}/subscription-success?session_id=${sessionId}`);
      await expect.poll(() => page.getByText("Payment Successful!").isVisible()).toBe(true);
      await page.getByText("Start Writing", { exact: true }).click();
      await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
      editorIds.push(new URL(page.url()).pathname.split("/").pop()!);
    }
    expect(editorIds[1]).toBe(editorIds[0]);
    const docs = await api(app.server.url, session, "GET", "/api/documents");
    expect(docs.body).toHaveLength(1);
    await page.context().close();
  });
});
