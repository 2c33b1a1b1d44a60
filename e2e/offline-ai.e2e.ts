// The built-in offline engine in real Chromium: continuing the text needs a language model,
// so Continue Writing says so, with a "Connect a model" button that opens Settings at the
// model connection, and leaves the document as it was. Screenshots at 390 and 1280 px, light
// and dark, when SHOTS_DIR is set.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForAiTools } from "./support/ai-tools.js";
import { startAppAndBrowser } from "./support/app.js";
import { buyPlan } from "./support/api.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openNewDocument } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const TEXT = "Our report was written in a hurry.";

async function openDocument(session: ApiSession, viewport: { width: number; height: number }, colorScheme: "light" | "dark"): Promise<Page> {
  const { page } = await openNewDocument(app, session, "Offline", [TEXT], { viewport, colorScheme });
  await waitForAiTools(page);
  return page;
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // The toast and the dialog slide in: picture them once they have arrived.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.screenshot({ path: `${dir}/${name}.png` });
}

describe("offline engine: actions that need a language model", () => {
  it("Continue Writing says it needs a model, links to the connection settings and changes nothing", async () => {
    const session = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, session, "creator");
    for (const [viewport, scheme] of [
      [{ width: 1280, height: 800 }, "light"],
      [{ width: 390, height: 844 }, "dark"],
      ...(process.env.SHOTS_DIR
        ? ([
            [{ width: 1280, height: 800 }, "dark"],
            [{ width: 390, height: 844 }, "light"],
          ] as const)
        : []),
    ] as const) {
      const page = await openDocument(session, viewport, scheme);
      if (viewport.width > 1000) {
        // The buttons that write new text say they need a model before anyone presses them.
        await page.getByRole("button", { name: "Continue Writing (needs a language model)", exact: true }).waitFor({ timeout: 20_000 });
      }
      await editorBody(page).click();
      await page.keyboard.press("Control+End");
      // Continue writing from the cursor, through the palette (Ctrl/Cmd+K is a link in the text).
      await page.keyboard.press("Control+Shift+K");
      await page.getByRole("combobox", { name: "Search documents and commands" }).fill("continue writing");
      await page.getByRole("option", { name: "Continue writing", exact: true }).waitFor();
      await page.keyboard.press("Enter");
      const notice = page.getByText("Continue writing needs a language model. Connect one in Settings.", { exact: true });
      await notice.waitFor({ timeout: 20_000 });
      await shot(page, `continue-needs-model-${viewport.width}-${scheme}`);
      expect(await editorBody(page).textContent()).toBe(TEXT);
      await page.getByRole("button", { name: "Connect a model", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Account Settings" });
      await dialog.getByRole("heading", { name: "Your own model", exact: true }).waitFor({ timeout: 20_000 });
      await shot(page, `connect-model-settings-${viewport.width}-${scheme}`);
      await page.context().close();
    }
  });
});
