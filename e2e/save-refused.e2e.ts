// When a change cannot be saved: a paste past the document limit is refused in the editor at
// once, before anything is inserted, and what was written before it is kept; a change the
// server refuses (its close code 4413) shows a banner at once, stops the reconnecting, keeps
// the text, and "Try again" connects again. The server's close is played by the browser's
// WebSocket route here, so the editor's side is checked on its own. Screenshots of the
// banner at 390 and 1280 px, light and dark, go to SHOTS_DIR when it is set.
import { mkdirSync } from "node:fs";
import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COLLAB_CLOSE } from "../src/shared/contracts/collab-wire";
import { DOCUMENT_MAX_BYTES } from "../src/shared/limits";
import { startAppAndBrowser } from "./support/app.js";
import { putSessionInContext, signUpViaApi } from "./support/auth.js";
import { editorBody, openNewDocument } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const saveStatus = (page: Page) => page.locator("[data-save-status]").first().getAttribute("data-save-status");

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Pastes `text` (built in the page: `repeat` times `unit`) at the caret, as the browser would. */
function paste(page: Page, unit: string, repeat = 1) {
  return page.evaluate(
    ([u, n]) => {
      const data = new DataTransfer();
      data.setData("text/plain", (u as string).repeat(n as number));
      const target = document.querySelector(".draftsmith-prose")!;
      target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [unit, repeat] as const,
  );
}

describe("changes that cannot be saved", () => {
  it("refuses a paste past 5 MB at once with a message, lets a small one through, and keeps the text written before it", async () => {
    const session = await signUpViaApi(app.server.url);
    const { page } = await openNewDocument(app, session, "Big paste", ["Written before the paste."], { viewport: DESKTOP });
    await editorBody(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" Typed just before.");

    const started = Date.now();
    await paste(page, "x", DOCUMENT_MAX_BYTES + 1);
    const notifications = page.getByRole("region", { name: /Notifications/ });
    await notifications.getByText("Too large to paste").waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(5000);
    await notifications.getByText("A document can hold at most 5 MB, and this is 5.1 MB. Nothing was pasted; it is still on your clipboard.").waitFor();
    expect((await editorBody(page).textContent())!.length).toBeLessThan(200);
    if (process.env.SHOTS_DIR) await page.waitForTimeout(600);
    await shot(page, "paste-refused-1280-light");

    await paste(page, " A small paste.");
    await expect.poll(() => editorBody(page).textContent()).toContain("Typed just before. A small paste.");
    await expect.poll(() => saveStatus(page)).toBe("saved");

    await page.reload();
    await editorBody(page).waitFor({ state: "visible", timeout: 30_000 });
    await expect.poll(() => editorBody(page).textContent()).toBe("Written before the paste. Typed just before. A small paste.");
    await page.context().close();
  });

  it("shows a refused change at once, stops reconnecting, keeps the text, and connects again on Try again", async () => {
    const session = await signUpViaApi(app.server.url);
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Kept on this device." }] }] };
    const { id } = await app.api<{ id: string }>(session, "POST", "/api/documents", { title: "Refused change", content });
    // The editor's connections go through a route that passes everything on, so the test can close one as the server would.
    const context = await app.browser.newContext({ viewport: DESKTOP });
    app.contexts.push(context);
    await putSessionInContext(context, app.server.url, session);
    const page = await context.newPage();
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/collab$/, (socket) => {
      sockets.push(socket);
      socket.connectToServer();
    });
    await page.goto(`${app.server.url}/editor/${id}`);
    await editorBody(page).waitFor({ state: "visible", timeout: 30_000 });
    await editorBody(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" And this line.");
    await expect.poll(() => saveStatus(page)).toBe("saved");

    await sockets.at(-1)!.close({ code: COLLAB_CLOSE.messageTooLarge, reason: "A document can hold at most 5 MB; this change would take it past that." });
    const banner = page.getByRole("alert").filter({ hasText: "This change is too large to save" });
    await banner.waitFor({ timeout: 3000 });
    await banner.getByText("A document can hold at most 5 MB. Your text is kept on this device. Undo the last change, then try again.").waitFor();
    expect(await saveStatus(page)).toBe("refused");
    await expect.poll(() => page.locator("[data-save-status]").first().textContent()).toBe("Not saved — kept on this device");
    // Still in the editor (not "no longer have access"), the text still there and still editable.
    await page.keyboard.type(" More.");
    expect(await editorBody(page).textContent()).toBe("Kept on this device. And this line. More.");

    for (const [viewport, name] of [
      [DESKTOP, "1280"],
      [PHONE, "390"],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        // Colours ease into the new scheme.
        if (process.env.SHOTS_DIR) await page.waitForTimeout(600);
        await shot(page, `save-refused-${name}-${scheme}`);
      }
      // The banner fits the width, its button included.
      const box = (await banner.boundingBox())!;
      const button = (await banner.getByRole("button", { name: "Try again" }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });
    // No new connection while it waits for the writer (it used to reconnect every second).
    await page.waitForTimeout(2500);
    expect(sockets).toHaveLength(1);

    await banner.getByRole("button", { name: "Try again" }).click();
    await banner.waitFor({ state: "detached" });
    await expect.poll(() => sockets.length).toBe(2);
    await expect.poll(() => saveStatus(page)).toBe("saved");
    await page.reload();
    await editorBody(page).waitFor({ state: "visible", timeout: 30_000 });
    await expect.poll(() => editorBody(page).textContent()).toBe("Kept on this device. And this line. More.");
  });
});
