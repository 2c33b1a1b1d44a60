// Edits kept: every way out of the editor keeps what was just typed (the Documents
// breadcrumb, the wordmark, signing out, leaving without a connection), someone who types
// without a pause is stored at least every 10 s, and the Share dialog's changes survive
// Done and Escape.
import type { Browser, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS } from "../src/shared/limits";
import { type ApiSession, signInViaApi, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { apiRequest } from "./support/api.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

const body = editorBody;
const saveStatus = (page: Page) => page.locator("[data-save-status]").getAttribute("data-save-status");
const storedText = async (session: ApiSession, id: string) => JSON.stringify((await api<DocumentRecord>(session, "GET", `/api/documents/${id}`)).content);

/** A new user with one new document open in the editor, the caret in its body. */
async function newUserInEditor(title: string) {
  const session = await signUpViaApi(server.url);
  const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title });
  const page = await openInEditor(browser, server.url, session, doc.id);
  await body(page).click();
  return { session, doc, context: page.context(), page };
}

/** Counts the server's "stored" notices the page receives on its live connection. */
function countStores(page: Page): { stop: () => number } {
  let n = 0;
  page.on("websocket", (ws) => {
    if (!ws.url().endsWith("/collab")) return;
    ws.on("framereceived", ({ payload }) => {
      if (Buffer.from(payload).includes('"type":"stored"')) n++;
    });
  });
  return { stop: () => n };
}

/**
 * Types `text`, then leaves through `leave()` at once, while the text is not yet stored
 * (the store waits for a 2 s pause), so only what leaving does can keep it.
 */
async function typeAndLeave(page: Page, text: string, leave: () => Promise<void>): Promise<number> {
  await page.keyboard.type(text);
  const lastKey = Date.now();
  expect(await saveStatus(page)).toBe("saving");
  await leave();
  const elapsed = Date.now() - lastKey;
  expect(elapsed).toBeLessThan(AUTOSAVE_DELAY_MS);
  return elapsed;
}

/** Back on the dashboard: opens the document's card and expects the text. */
async function reopenAndFind(page: Page, text: string): Promise<void> {
  await page.getByTestId("document-card").first().click();
  await body(page).waitFor({ state: "visible", timeout: 20_000 });
  await expect.poll(() => body(page).textContent()).toContain(text);
}

describe("edits kept when leaving the editor", () => {
  const exits: [string, (page: Page) => ReturnType<Page["getByRole"]>][] = [
    ["the Documents breadcrumb", (page) => page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Documents" })],
    ["the wordmark", (page) => page.getByRole("link", { name: "Draftsmith home" })],
  ];
  for (const [name, link] of exits) {
    it(`clicking ${name} right after the last key saves the sentence`, async () => {
      const { session, doc, context, page } = await newUserInEditor(`Leave by ${name}`);
      const sentence = "Written right before leaving.";
      const elapsed = await typeAndLeave(page, sentence, () => link(page).click());
      expect(elapsed).toBeLessThan(1000);
      await page.getByRole("heading", { name: "Your Documents" }).waitFor({ timeout: 20_000 });
      await expect.poll(() => storedText(session, doc.id)).toContain(sentence);
      await reopenAndFind(page, sentence);
      await context.close();
    });
  }

  it("when the connection is refused on leaving, the text is kept on the device and joins the document on reopening", async () => {
    const { session, doc, context, page } = await newUserInEditor("Leave while the connection fails");
    await page.keyboard.type("Stored first.");
    await expect.poll(() => storedText(session, doc.id), { timeout: 20_000 }).toContain("Stored first.");
    // The live connection drops and cannot come back; the typing goes on, then the writer leaves.
    await context.setOffline(true);
    await expect.poll(() => saveStatus(page), { timeout: 20_000 }).not.toBe("saving");
    const sentence = " Kept on this device.";
    await page.keyboard.type(sentence);
    expect(await saveStatus(page)).toBe("offline");
    await page.getByRole("link", { name: "Documents" }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await storedText(session, doc.id)).not.toContain(sentence.trim());

    // Back online, the writer opens the document again (the dashboard loads afresh).
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId("document-card").first().click();
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
    await expect.poll(() => body(page).textContent()).toBe(`Stored first.${sentence}`);
    await expect.poll(() => storedText(session, doc.id), { timeout: 20_000 }).toContain(sentence.trim());
    await context.close();
  });

  it("signing out right after the last key saves the sentence before the session ends", async () => {
    const { session, doc, context, page } = await newUserInEditor("Leave by signing out");
    const userButton = page.getByRole("button", { name: /Account settings/ });
    const settings = page.getByRole("dialog", { name: "Account Settings" });
    // Load the dialog's code once, so that opening it after typing is quick.
    await userButton.click();
    await settings.getByRole("button", { name: "Sign Out" }).waitFor({ timeout: 20_000 });
    await page.keyboard.press("Escape");
    await settings.waitFor({ state: "hidden" });
    await body(page).click();

    const sentence = "Written right before signing out.";
    await typeAndLeave(page, sentence, async () => {
      await userButton.click();
      await settings.getByRole("button", { name: "Sign Out" }).click();
    });
    await page.getByRole("button", { name: "Sign in" }).first().waitFor({ timeout: 20_000 });
    const fresh = await signInViaApi(server.url, session.email, session.password);
    await expect.poll(() => storedText(fresh, doc.id)).toContain(sentence);

    // Signing in again through the dialog: the document holds the sentence.
    await page.getByRole("button", { name: "Sign in" }).first().click();
    const signIn = page.getByRole("dialog");
    await signIn.getByLabel("Email").fill(session.email);
    await signIn.getByLabel("Password", { exact: true }).fill(session.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Your Documents" }).waitFor({ timeout: 20_000 });
    await reopenAndFind(page, sentence);
    await context.close();
  });
});

describe("continuous typing", () => {
  it(`is saved at least every ${AUTOSAVE_MAX_WAIT_MS / 1000} s, not only after a pause`, async () => {
    const { session, doc, context, page } = await newUserInEditor("No pause");
    const stores = countStores(page);
    // Open the live connection again with the counter listening.
    await page.reload();
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
    await body(page).click();
    // 25 s of typing at 100 ms a key: never the 2 s pause the store waits for.
    const words = "steady words flow on and on ";
    const text = words.repeat(Math.ceil(250 / words.length)).slice(0, 250).trimEnd();
    const started = Date.now();
    await page.keyboard.type(text, { delay: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25_000);
    expect(stores.stop()).toBeGreaterThanOrEqual(2);

    await expect.poll(() => saveStatus(page), { timeout: 15_000 }).toBe("saved");
    expect(await storedText(session, doc.id)).toContain(text);
    await context.close();
  });
});

describe("share dialog", () => {
  it("keeps a switch changed before Done or Escape, and keeps it open when the save fails", async () => {
    const { session, doc, context, page } = await newUserInEditor("Shared on Done");
    const shareUrl = `/api/documents/${doc.id}/share`;
    const dialog = page.getByRole("dialog", { name: "Share Document" });
    const open = async () => {
      await page.getByRole("button", { name: "Share" }).click();
      await dialog.getByLabel("Public access").waitFor({ timeout: 15_000 });
    };

    await open();
    await dialog.getByLabel("Public access").click();
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    expect(await api(session, "GET", shareUrl)).toMatchObject({ isPublic: true, allowEditing: false });

    // After a reload (Escape would first dismiss the "Sharing Updated" toast, the topmost layer).
    await page.reload();
    await body(page).waitFor({ state: "visible", timeout: 20_000 });
    await open();
    expect(await dialog.getByLabel("Public access").getAttribute("aria-checked")).toBe("true");
    await dialog.getByLabel("Allow editing").click();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    expect(await api(session, "GET", shareUrl)).toMatchObject({ isPublic: true, allowEditing: true });
    await open();
    expect(await dialog.getByLabel("Allow editing").getAttribute("aria-checked")).toBe("true");

    // A refused save keeps the dialog open with the change, and says so; saving again works.
    const refusePuts = (route: Route) => (route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "{}" }) : route.continue());
    await page.route(`**${shareUrl}`, refusePuts);
    await dialog.getByLabel("Public access").click();
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.getByRole("alert").filter({ hasText: "These changes are not saved" }).waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole("button", { name: "Close without saving" }).isVisible()).toBe(true);
    expect(await dialog.getByLabel("Public access").getAttribute("aria-checked")).toBe("false");
    await page.unroute(`**${shareUrl}`, refusePuts);
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => api(session, "GET", shareUrl)).toMatchObject({ isPublic: false, allowEditing: true });
    await dialog.getByRole("button", { name: "Done" }).waitFor();

    // Done with nothing changed closes at once, without a request.
    let puts = 0;
    page.on("request", (r) => {
      if (r.method() === "PUT") puts++;
    });
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(puts).toBe(0);
    await context.close();
  });
});
