// Account settings end to end: a real dark theme that survives a reload with no light
// flash, font size reaching the editor, and account deletion.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiSession, signInPage, signInViaApi, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { apiCall } from "./support/api.js";

const api = (server: RunningServer, session: ApiSession, method: string, path: string, body?: unknown) => apiCall(server.url, session, method, path, body);

async function newDocument(server: RunningServer, session: ApiSession, title = "Settings test"): Promise<string> {
  const res = await api(server, session, "POST", "/api/documents", { title });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function openSettings(page: Page, tab?: string) {
  await page.getByRole("button", { name: "Account settings" }).click();
  await page.getByRole("dialog", { name: "Account Settings" }).waitFor();
  if (tab) await page.getByRole("tab", { name: tab }).click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** What the page looked like on its first rendered frame: html class and body background. */
const FIRST_FRAME_PROBE = () => {
  requestAnimationFrame(() => {
    (window as unknown as { __firstFrame: unknown }).__firstFrame = {
      dark: document.documentElement.classList.contains("dark"),
      background: document.body ? getComputedStyle(document.body).backgroundColor : null,
    };
  });
};

const firstFrame = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstFrame?: { dark: boolean; background: string | null } }).__firstFrame);

/** True for a dark background colour (any CSS colour syntax the browser reports). */
async function isDarkColour(page: Page, colour: string | null): Promise<boolean> {
  if (!colour) return false;
  return page.evaluate((c) => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.fillStyle = c;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 80;
  }, colour);
}

describe("account settings", () => {
  const app = startAppAndBrowser({ startTimeoutMs: 120_000 });

  it("switches to dark at once, keeps it after a reload with no light first frame, and applies the saved theme on a new device", async () => {
    const session = await signUpViaApi(app.server.url);
    const docId = await newDocument(app.server, session);
    const page = await signInPage(app.browser, app.server.url, session, `/editor/${docId}`);
    await openSettings(page, "Preferences");
    await choose(page, "Theme", "Dark");
    // Applied at once, before saving.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await page.getByText("Your preferences have been saved successfully.").first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("draftsmith.theme"))).toBe("dark");
    expect((await api(app.server, session, "GET", "/api/settings/preferences")).body.theme).toBe("dark");
    await page.keyboard.press("Escape");

    await page.addInitScript(FIRST_FRAME_PROBE);
    for (const path of [`/editor/${docId}`, "/", "/privacy", "/no/such/page"]) {
      await page.goto(`${app.server.url}${path}`, { waitUntil: "domcontentloaded" });
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), path).toBe(true);
      await expect.poll(() => firstFrame(page), { message: path }).toBeTruthy();
      const frame = (await firstFrame(page))!;
      expect(frame.dark, path).toBe(true);
      expect(await isDarkColour(page, frame.background), `${path} first frame ${frame.background}`).toBe(true);
    }
    await page.context().close();

    // A fresh browser (nothing in localStorage) takes the server's saved theme once signed in.
    const other = await signInPage(app.browser, app.server.url, session, "/");
    await expect.poll(() => other.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await other.evaluate(() => localStorage.getItem("draftsmith.theme"))).toBe("dark");
    await other.context().close();
  });

  it("changes the editor's font size as soon as the preference is saved", async () => {
    const session = await signUpViaApi(app.server.url);
    const docId = await newDocument(app.server, session);
    const page = await signInPage(app.browser, app.server.url, session, `/editor/${docId}`);
    const body = page.getByTestId("editor-body");
    await body.waitFor();
    await expect.poll(() => body.evaluate((el) => (el as HTMLElement).style.fontSize)).toBe("16px");
    await openSettings(page, "Preferences");
    await choose(page, "Font Size", "Large");
    await choose(page, "Font Family", "Serif");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await page.getByText("Preferences Updated").first().waitFor();
    await expect.poll(() => body.evaluate((el) => (el as HTMLElement).style.fontSize)).toBe("18px");
    expect(await body.evaluate((el) => (el as HTMLElement).style.fontFamily)).toContain("Georgia");
    await page.context().close();
  });

  it("saves notification settings", async () => {
    const session = await signUpViaApi(app.server.url);
    const docId = await newDocument(app.server, session);
    const page = await signInPage(app.browser, app.server.url, session, `/editor/${docId}`);
    await openSettings(page, "Notifications");
    const marketing = page.getByRole("switch", { name: "Marketing emails" });
    await expect.poll(() => marketing.getAttribute("aria-checked")).toBe("true");
    await marketing.click();
    await page.getByRole("button", { name: "Save Notifications" }).click();
    await expect
      .poll(async () => (await api(app.server, session, "GET", "/api/settings/notifications")).body)
      .toEqual({ marketing: false, updates: true, security: true, comments: true });
    await page.context().close();
  });

  it("saves the display name and shows the free plan on the Subscription tab", async () => {
    const session = await signUpViaApi(app.server.url, { fullName: "Old Name" });
    const docId = await newDocument(app.server, session);
    const page = await signInPage(app.browser, app.server.url, session, `/editor/${docId}`);
    await openSettings(page);
    const name = page.getByLabel("Display name");
    await expect.poll(() => name.inputValue()).toBe("Old Name");
    await name.fill("New Name");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Your profile has been saved successfully.").first().waitFor();
    const me = await api(app.server, session, "GET", "/auth/v1/user");
    expect(me.body.user_metadata.full_name).toBe("New Name");

    await page.getByRole("tab", { name: "Subscription" }).click();
    const panel = page.getByRole("tabpanel", { name: "Subscription" });
    await panel.getByText("Free plan with basic features").waitFor();
    expect(await panel.getByRole("button", { name: "Manage Billing" }).count()).toBe(0);
    expect(await panel.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await panel.getByRole("button", { name: "Upgrade to Creator" }).isEnabled()).toBe(true);
    expect(await panel.getByRole("button", { name: "Upgrade to Professional" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("an annual subscriber sees annual billing selected and Current Plan on their plan, at 1280 and 390 px", { timeout: 120_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const docId = await newDocument(app.server, session);
    const page = await signInPage(app.browser, app.server.url, session, `/editor/${docId}`);
    // An annual Creator checkout through the built-in test checkout.
    const checkout = await api(app.server, session, "POST", "/api/stripe/create-checkout-session", { priceId: "price_creator_monthly", interval: "year" });
    expect(checkout.status).toBe(200);
    await page.goto(checkout.body.url);
    await page.getByRole("button", { name: "Pay $120.00" }).click();
    await page.waitForURL(/\/subscription-success/);
    await page.getByText("Your subscription has been activated!").first().waitFor();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.goto(`${app.server.url}/editor/${docId}`);
      await openSettings(page, "Subscription");
      const panel = page.getByRole("tabpanel", { name: "Subscription" });
      await panel.getByTestId("billing-interval").getByText("Billed annually").waitFor();
      // The period switch starts on the subscriber's own period, so the prices are annual ones.
      await expect.poll(() => panel.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
      expect(await panel.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(false);
      const creator = panel.getByRole("listitem").filter({ hasText: /^Creator ·/ });
      expect(await creator.textContent()).toContain("$120/year");
      expect(await creator.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
      expect(await panel.getByRole("listitem").filter({ hasText: /^Professional ·/ }).getByRole("button", { name: "Upgrade to Professional" }).isEnabled()).toBe(true);
      await creator.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/settings-annual-${width}.png` });
      await page.keyboard.press("Escape");

      // The pricing section on the signed-in home page starts on the same period.
      await page.goto(`${app.server.url}/#pricing`);
      const pricing = page.locator("#pricing");
      await expect.poll(() => pricing.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
      expect(await pricing.getByTestId("price-creator").textContent()).toContain("$120");
      expect(await pricing.getByTestId("plan-creator").getByRole("button", { name: /Current Plan/ }).isDisabled()).toBe(true);
    }
    await page.context().close();
  });

  it("deletes the account after the email is typed: signed out, cannot sign in, shared links gone", async () => {
    const session = await signUpViaApi(app.server.url);
    const docId = await newDocument(app.server, session, "Public notes");
    expect((await api(app.server, session, "PUT", `/api/documents/${docId}/share`, { isPublic: true })).status).toBe(200);
    expect((await fetch(`${app.server.url}/api/shared/${docId}`)).status).toBe(200);

    const page = await signInPage(app.browser, app.server.url, session, `/editor/${docId}`);
    await openSettings(page);
    const del = page.getByRole("button", { name: "Delete Account" });
    expect(await del.isDisabled()).toBe(true);
    await page.getByLabel(/to confirm/).fill("not-my-email@example.com");
    expect(await del.isDisabled()).toBe(true);
    await page.getByLabel(/to confirm/).fill(session.email);
    await del.click();
    await page.waitForURL(`${app.server.url}/`);
    await page.getByRole("button", { name: "Start Writing for Free" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("draftsmith.auth"))).toBeNull();
    await page.context().close();

    await expect(signInViaApi(app.server.url, session.email, session.password)).rejects.toThrow();
    expect((await fetch(`${app.server.url}/api/shared/${docId}`)).status).toBe(404);
    expect((await api(app.server, session, "GET", "/api/documents")).status).toBe(401);
  });
});
