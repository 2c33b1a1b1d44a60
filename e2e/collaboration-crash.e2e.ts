// The server is killed (SIGKILL) while a writer is typing and started again on the same
// port and data: the editor reconnects by itself, nothing that was stored is lost, and
// what was typed before the store and during the outage is merged back from the browser.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { launchBrowser } from "./support/browser.js";
import { type RunningServer, exitOf, spawnServer, startServer, waitForHealth } from "./support/server.js";
import { apiRequest } from "./support/api.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

let server: RunningServer;
let browser: Browser;
const restarted: { proc?: ReturnType<typeof spawnServer>["proc"] } = {};

beforeAll(async () => {
  server = await startServer({ startTimeoutMs: 110_000 });
  browser = await launchBrowser();
}, 170_000);

afterAll(async () => {
  await browser?.close();
  restarted.proc?.kill("SIGTERM");
  if (restarted.proc) await exitOf(restarted.proc);
  if (server.proc.exitCode === null && server.proc.signalCode === null) await server.stop();
});

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

const body = editorBody;
const docText = (page: Page) => body(page).evaluate((el) => el.textContent ?? "");
const storedText = async (session: ApiSession, id: string) =>
  ((await api<DocumentRecord>(session, "GET", `/api/documents/${id}`)).content.content ?? []).map((p) => (p.content ?? []).map((n) => n.text ?? "").join("")).join("\n");

describe("collaboration through a server crash", () => {
  it("reconnects after kill -9 and a restart, keeping stored text and merging what was typed meanwhile", { timeout: 240_000 }, async () => {
    const session = await signUpViaApi(server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Crash" });
    const page = await openInEditor(browser, server.url, session, doc.id);
    const context = page.context();
    await body(page).click();

    await page.keyboard.type("Before crash.");
    await expect.poll(() => storedText(session, doc.id), { timeout: 20_000 }).toBe("Before crash.");

    // Typed, sent to the server, not yet stored (the store waits for a 2 s pause) — then the crash.
    await page.keyboard.type(" Unsaved tail.");
    await expect.poll(() => page.locator("[data-save-status]").getAttribute("data-save-status")).toBe("saving");
    server.proc.kill("SIGKILL");
    await exitOf(server.proc);

    await expect.poll(() => page.getByText("Offline — changes kept on this device").count(), { timeout: 60_000 }).toBe(1);
    await page.keyboard.type(" During outage.");

    // Same port, same data directory, as a process manager would restart it.
    const again = spawnServer({
      PORT: String(server.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: server.url,
      DATA_DIR: server.dataDir,
      AUTH_AUTOCONFIRM: "true",
    });
    restarted.proc = again.proc;
    await waitForHealth(server.url, again.proc, again.output, 110_000);

    const merged = "Before crash. Unsaved tail. During outage.";
    await expect.poll(() => page.locator("[data-save-status]").getAttribute("data-save-status"), { timeout: 90_000 }).toBe("saved");
    expect(await docText(page)).toBe(merged);
    await expect.poll(() => storedText(session, doc.id), { timeout: 20_000 }).toBe(merged);
    await context.close();
  });
});
