// Small things a writer runs into, in real Chromium: Escape closes a dialog even while an
// error toast shows and focus goes back to the button that opened it; Enter in the title
// continues at the start of the body; typographic replacements leave inline code alone;
// the Markdown and text exports open with the title and the text export keeps link
// addresses.
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiCall } from "./support/api.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
let page: Page;

const TITLE = "Field Notes";
const LINK = "https://example.com/guide?x=1";

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  session = await signUpViaApi(server.url);
  const res = await apiCall<DocumentRecord>(server.url, session, "POST", "/api/documents", {
    title: TITLE,
    content: {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Read the " },
            { type: "text", text: "guide", marks: [{ type: "link", attrs: { href: LINK } }] },
            { type: "text", text: " first." },
          ],
        },
      ],
    },
  });
  expect(res.status).toBe(201);
  page = await openInEditor(browser, server.url, session, res.body.id);
  await editorBody(page).getByText("first.").waitFor({ timeout: 30_000 });
  // The title is read-only until the editor is ready.
  await page.locator('input[aria-label="Document title"]:not([readonly])').waitFor();
});
afterAll(async () => {
  await page?.context().close();
});
// Each test starts with no dialog open, whatever the one before left behind.
afterEach(async () => {
  const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
  for (let i = 0; i < 4; i++) {
    const open = await dialogs.count();
    if (!open) break;
    await page.keyboard.press("Escape");
    // The top dialog leaves (a dialog that stays open on Escape gets the next press).
    await dialogs.nth(open - 1).waitFor({ state: "detached", timeout: 5_000 }).catch(() => undefined);
  }
});

/** The accessible name (or tag) of the focused element. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el === document.body || !el ? "body" : (el.getAttribute("aria-label") ?? el.textContent ?? el.tagName).trim();
  });

describe("dialogs", () => {
  it("close on the first Escape after an error toast, and focus returns to the button that opened them", async () => {
    const opener = page.getByRole("button", { name: /Account settings/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Account Settings" });
    await dialog.waitFor();
    await page.route("**/auth/v1/user", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"code":500,"msg":"boom"}' })
        : route.fallback(),
    );
    try {
      await dialog.getByRole("button", { name: "Save Profile" }).click();
      await page.getByText("Failed to update profile. Please try again.").first().waitFor();
      await dialog.getByLabel("Display name").focus();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", timeout: 5_000 });
      // The error stays readable until it times out.
      expect(await page.getByText("Failed to update profile. Please try again.").first().isVisible()).toBe(true);
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await page.unroute("**/auth/v1/user");
    }
  });

  it("give focus back to the opener when closed with Escape or their Close button", async () => {
    const share = page.getByRole("button", { name: "Share" });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share Document" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(focused).toBe("Share");

    const settings = page.getByRole("button", { name: /Account settings/ });
    await settings.click();
    const account = page.getByRole("dialog", { name: "Account Settings" });
    await account.getByRole("button", { name: "Close" }).click();
    await account.waitFor({ state: "hidden" });
    await expect.poll(() => settings.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("editor", () => {
  it("Enter in the title puts the caret at the start of the body", async () => {
    const title = page.getByLabel("Document title");
    await title.click();
    await page.keyboard.press("End");
    // Where focus is once the Enter has been handled: a key typed straight after it goes there.
    await page.evaluate(() => {
      window.addEventListener("keydown", (e) => {
        if (e.key === "Enter") document.body.dataset.focusAfterEnter = document.activeElement?.className ?? "";
      }, { once: true });
    });
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.body.dataset.focusAfterEnter)).toContain("ProseMirror");
    await page.keyboard.type("Z");
    await expect.poll(() => page.locator(".draftsmith-prose p").first().textContent()).toBe("ZRead the guide first.");
    expect(await title.inputValue()).toBe(TITLE);
    await page.keyboard.press("Backspace");
  });

  it("types -> and 3/4 literally in inline code, while prose still gets ½ and →", async () => {
    const body = page.locator(".draftsmith-prose");
    await page.getByLabel("Document title").press("Enter");
    // TipTap re-applies the start selection on the next frame; after it, put the caret at
    // the end of the body's last line, as a click there would.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Resolves once the browser has told the page of the new selection (the editor reads it
    // in its own listener, which was added first and so runs first).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          document.addEventListener("selectionchange", () => resolve(), { once: true });
          const range = document.createRange();
          range.selectNodeContents(document.querySelector(".draftsmith-prose p:last-child")!);
          range.collapse(false);
          window.getSelection()?.removeAllRanges();
          window.getSelection()?.addRange(range);
        }),
    );
    await page.keyboard.press("Enter");
    await page.keyboard.type("Use `a -> b` and `take 3/4 cup` for 1/2 of it -> done");
    const paragraph = body.locator("p").nth(1);
    await expect.poll(() => paragraph.locator("code").allTextContents()).toEqual(["a -> b", "take 3/4 cup"]);
    expect(await paragraph.textContent()).toBe("Use a -> b and take 3/4 cup for ½ of it → done");
  });
});

async function exportAs(label: string): Promise<string> {
  const button = page.getByRole("button", { name: "Export" });
  await button.click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: new RegExp(`^${label}`) }).click()]);
  const file = fs.readFileSync(await download.path());
  await expect.poll(() => button.isEnabled()).toBe(true);
  return file.toString("utf8");
}

describe("exports", () => {
  it("Markdown starts with the title as a heading", async () => {
    const md = await exportAs("Markdown");
    expect(md.split("\n").slice(0, 3)).toEqual([`# ${TITLE}`, "", `Read the [guide](${LINK}) first.`]);
  });

  it("text starts with the title line and keeps the link's address", async () => {
    const txt = await exportAs("Text");
    expect(txt.split("\n").slice(0, 3)).toEqual([TITLE, "", `Read the guide (${LINK}) first.`]);
  });
});
