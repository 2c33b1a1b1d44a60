// Documents end to end: the dashboard's create / rename / delete, the loading and limit
// states, and a second browser context seeing an update arrive over /realtime.
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { type ApiSession, signInPage, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { apiRequest } from "./support/api.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

/** Waits for a condition; generous because the test machine may be heavily loaded. */
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

describe("documents: dashboard and live updates", () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Page[] = [];

  const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);
  const open = async (session: ApiSession, path = "/") => {
    const page = await signInPage(browser, server.url, session, path);
    pages.push(page);
    return page;
  };
  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

  withAppAndBrowser((s, b) => {
    server = s;
    browser = b;
  });
  afterAll(async () => {
    for (const p of pages) await p.context().close().catch(() => {});
  });

  it("creates, renames and deletes a document from the dashboard", async () => {
    const session = await signUpViaApi(server.url);
    const page = await open(session);
    await until(() => page.getByRole("heading", { name: "Your Documents" }).isVisible()).toBe(true);
    expect(await visible(page, "Create and manage your writing projects")).toBe(true);
    expect(await visible(page, session.email)).toBe(true);
    await until(() => visible(page, "No documents yet")).toBe(true);
    expect(await visible(page, "Create your first document to get started")).toBe(true);

    // New Document creates and opens the editor.
    await page.getByRole("button", { name: "New Document" }).click();
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    await until(() => visible(page, "Document created")).toBe(true);
    const [created] = await api<DocumentRecord[]>(session, "GET", "/api/documents");
    expect(created).toMatchObject({ id, title: "Untitled Document" });

    await page.goto(`${server.url}/`);
    const card = page.getByTestId("document-card");
    await until(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain("Untitled Document");
    expect(await card.textContent()).toMatch(/\d{1,2}:\d{2}/);

    // Rename: Save is disabled for a blank title; Enter saves the trimmed title.
    await page.getByRole("button", { name: "Actions for Untitled Document" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename Document" });
    const field = dialog.getByLabel("Document Title");
    expect(await field.getAttribute("placeholder")).toBe("Enter document title");
    await field.fill("   ");
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await field.fill("  My Novel  ");
    await field.press("Enter");
    await until(() => dialog.isVisible()).toBe(false);
    await until(() => card.textContent()).toContain("My Novel");
    expect((await api<DocumentRecord>(session, "GET", `/api/documents/${id}`)).title).toBe("My Novel");

    // Delete asks first, then removes the card.
    await page.getByRole("button", { name: "Actions for My Novel" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Document" });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete "My Novel"? It moves to the Trash, where you can restore it for 30 days.');
    await confirm.getByRole("button", { name: "Delete" }).click();
    await until(() => visible(page, "Document deleted")).toBe(true);
    await until(() => visible(page, "No documents yet")).toBe(true);
    expect(await api<DocumentRecord[]>(session, "GET", "/api/documents")).toEqual([]);
  });

  it("shows six placeholder cards while the list loads", async () => {
    const session = await signUpViaApi(server.url);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const page = await open(session);
    await page.route((url) => url.pathname === "/api/documents", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await until(() => page.getByTestId("document-skeleton").count()).toBe(6);
    release();
    await until(() => visible(page, "No documents yet")).toBe(true);
    expect(await page.getByTestId("document-skeleton").count()).toBe(0);
  });

  it("a second browser context sees another context's change arrive without reloading", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Travel notes" });
    const watcher = await open(session);
    const writer = await open(session);
    for (const p of [watcher, writer]) await until(() => p.getByTestId("document-card").count()).toBe(1);

    await writer.getByRole("button", { name: "Actions for Travel notes" }).click();
    await writer.getByRole("menuitem", { name: "Rename" }).click();
    await writer.getByLabel("Document Title").fill("Travel notes: Lisbon");
    await writer.getByRole("button", { name: "Save" }).click();

    // No reload on the watcher: the update comes over /realtime.
    await until(() => watcher.getByTestId("document-card").textContent()).toContain("Travel notes: Lisbon");

    // An edit from elsewhere (another device's editor) arrives too.
    const current = await api<DocumentRecord>(session, "GET", `/api/documents/${doc.id}`);
    await api(session, "PATCH", `/api/documents/${doc.id}`, { title: "Lisbon, day two", version: current.version });
    for (const p of [watcher, writer]) {
      await until(() => p.getByTestId("document-card").textContent()).toContain("Lisbon, day two");
    }
  });

  it("tells a Gratis user at the 3-document limit why and where to upgrade", async () => {
    const session = await signUpViaApi(server.url);
    for (const title of ["One", "Two", "Three"]) await api(session, "POST", "/api/documents", { title });
    const page = await open(session);
    await until(() => page.getByTestId("document-card").count()).toBe(3);
    await until(() => page.getByText(/3-document limit of the Gratis plan/).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "View plans" }).getAttribute("href")).toBe("/#pricing");
    await page.getByRole("button", { name: "New Document" }).click();
    // Explained, with the plans shown: no error.
    await until(() => visible(page, "Document limit reached")).toBe(true);
    expect(await page.getByText("Error creating document").count()).toBe(0);
    await until(() => page.url()).toBe(`${server.url}/#pricing`);
    await until(() => page.getByTestId("plan-creator").isVisible()).toBe(true);
    expect(await page.getByTestId("document-card").count()).toBe(3);
  });
});
