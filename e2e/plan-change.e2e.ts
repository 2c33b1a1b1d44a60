// Changing plans asks first (issue 31): on the billing page a downgrade shows the date it
// starts and that nothing is charged now, then "Creator from <date>" (cancellable); an
// upgrade shows the prorated charge (credit and charge lines) and is invoiced as shown.
// Screenshots of the dialog and the page at 390 and 1280 px, light and dark, go to
// SHOTS_DIR when it is set.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { UrlResponse } from "../src/shared/contracts/billing";
import { apiCall, apiRequest } from "./support/api.js";
import { type ApiSession, signInPage, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: !name.includes("dialog") });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function pay(url: string, session: ApiSession, priceId: string, interval: "month" | "year") {
  const { url: checkout } = await apiRequest<UrlResponse>(url, session, "POST", "/api/stripe/create-checkout-session", { priceId, interval });
  await apiRequest(url, session, "POST", `/api/stripe/test-checkout/${checkout.split("/").pop()}/pay`, {});
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

describe("plan changes ask first and say what they cost", () => {
  const app = startAppAndBrowser({ startTimeoutMs: 170_000 });

  it("Professional annual → Creator: the dialog gives the date and no charge; then Creator from <date>, cancellable", { timeout: 180_000 }, async () => {
    const { url } = app.server;
    const session = await signUpViaApi(url);
    await pay(url, session, "price_professional_monthly", "year");
    const status = (await apiCall(url, session, "GET", "/api/stripe/subscription-status")).body;
    const ends = longDate(status.currentPeriodEnd);
    const page = await signInPage(app.browser, url, session, "/billing/portal");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.getByText("Professional plan").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Switch to Creator" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect.poll(() => dialog.getByRole("heading", { name: "Switch to Creator?" }).isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain(`Nothing is charged now. Your Professional plan stays until ${ends}; Creator starts then.`);
    expect(await dialog.getByTestId("next-charge").textContent()).toBe(`From ${ends} you pay $120.00 / year for Creator. You can cancel this change until then.`);
    await shot(page, "plan-change-downgrade-dialog");
    // Nothing changed while the dialog was open.
    expect((await apiCall(url, session, "GET", "/api/stripe/subscription-status")).body).toMatchObject({ planName: "professional", scheduledChange: null });

    await dialog.getByRole("button", { name: `Switch on ${ends}` }).click();
    await expect.poll(() => page.getByTestId("scheduled-change").textContent()).toContain(`Creator from ${ends}`);
    expect(await page.getByText("Professional plan").isVisible()).toBe(true);
    expect(await page.getByTestId("invoice-row").count()).toBe(1);
    await shot(page, "plan-change-scheduled-page");
    // Nothing on the page is wider than a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const wide = await page.evaluate(() => {
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a; a = a.parentElement) {
          if (["auto", "hidden", "scroll", "clip"].includes(getComputedStyle(a).overflowX) && a.getBoundingClientRect().right <= 391) return true;
        }
        return false;
      };
      return [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > 391 && !clipped(el))
        .map((el) => `${el.tagName}.${(el.getAttribute("class") ?? "").slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`)
        .slice(0, 8);
    });
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Keep Professional annual" }).click();
    await expect.poll(() => page.getByTestId("scheduled-change").count()).toBe(0);
    expect((await apiCall(url, session, "GET", "/api/stripe/subscription-status")).body).toMatchObject({ planName: "professional", scheduledChange: null });
    await page.context().close();
  });

  it("Creator → Professional from the plans: the dialog shows the credit, the charge and the total; confirming charges it", { timeout: 180_000 }, async () => {
    const { url } = app.server;
    const session = await signUpViaApi(url);
    await pay(url, session, "price_creator_monthly", "month");
    const page = await signInPage(app.browser, url, session, "/#pricing");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator("#pricing").getByRole("button", { name: "Upgrade to Professional" }).click();
    await page.waitForURL(/\/billing\/portal\?switch=professional/);

    const dialog = page.getByRole("alertdialog");
    await expect.poll(() => dialog.getByTestId("amount-due").isVisible()).toBe(true);
    const due = (await dialog.getByTestId("amount-due").textContent())!;
    expect(due).toMatch(/^\$1[12]\.\d\d$/); // $24 − $12 for (almost) the whole month
    const text = (await dialog.textContent())!;
    expect(text).toContain(`You pay ${due} now and Professional (monthly) starts today.`);
    expect(text).toMatch(/Unused time on Creator \(monthly\) after .+−\$1[12]\.\d\d/);
    expect(text).toMatch(/Remaining time on Professional \(monthly\) after .+\$2[34]\.\d\d/);
    expect(await dialog.getByTestId("next-charge").textContent()).toMatch(/^Then \$24\.00 \/ month, next charged on /);
    await shot(page, "plan-change-upgrade-dialog");

    await dialog.getByRole("button", { name: `Pay ${due} and switch` }).click();
    await expect.poll(() => page.getByText("Professional plan").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("invoice-row").count()).toBe(2);
    const first = page.getByTestId("invoice-row").first();
    expect(await first.textContent()).toContain(due);
    expect(await first.getByTestId("invoice-lines").textContent()).toContain("Unused time on Creator (monthly)");
    await shot(page, "plan-change-upgraded-page");
    await page.context().close();
  });
});
