// The editor's toolbar tooltips and menus, whose code is not loaded with the page: the
// tooltips are the app's own (components/ui/tooltip.tsx) and the colour and Export menus
// load Radix's menu at their first press (components/ui/menu-on-demand.tsx). A writer sees
// the same thing as before: a tooltip on hover and on keyboard focus, menus that open with
// the pointer or the keyboard on the first press, and colours applied to the selection.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiCall } from "./support/api.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;
let session: ApiSession;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  session = await signUpViaApi(server.url);
});

async function freshEditor(): Promise<Page> {
  const res = await apiCall<DocumentRecord>(server.url, session, "POST", "/api/documents", {
    title: "Toolbar",
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Colour me" }] }] },
  });
  expect(res.status).toBe(201);
  return openInEditor(browser, server.url, session, res.body.id, { viewport: { width: 1280, height: 900 } });
}

let page: Page;
afterAll(async () => {
  await page?.context().close();
});

describe("toolbar tooltips", () => {
  it("show the button's name and shortcut on hover and on keyboard focus, describe the button, and close on leave and Escape", async () => {
    page = await freshEditor();
    const bold = page.getByRole("button", { name: "Bold", exact: true });
    await bold.hover();
    const tooltip = page.getByRole("tooltip");
    await expect.poll(() => tooltip.textContent()).toBe("Bold (Ctrl+B)");
    const id = await tooltip.getAttribute("id");
    expect(await bold.getAttribute("aria-describedby")).toBe(id);
    // Above the button, inside the window.
    const [b, t] = await Promise.all([bold.boundingBox(), tooltip.boundingBox()]);
    expect(t!.y + t!.height).toBeLessThanOrEqual(b!.y + 1);
    expect(t!.x).toBeGreaterThanOrEqual(0);

    await page.mouse.move(640, 880);
    await expect.poll(() => tooltip.count()).toBe(0);
    expect(await bold.getAttribute("aria-describedby")).toBeNull();

    await page.getByRole("button", { name: "Italic", exact: true }).focus();
    await expect.poll(() => tooltip.textContent()).toBe("Italic (Ctrl+I)");
    await page.keyboard.press("Escape");
    await expect.poll(() => tooltip.count()).toBe(0);
  });
});

describe("menus loaded on first use", () => {
  it("the colour menu opens on the first click and colours the selection", async () => {
    await editorBody(page).getByText("Colour me").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.getByRole("button", { name: "Text colour", exact: true }).click();
    await page.getByRole("menuitem", { name: "Red", exact: true }).click();
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await expect
      .poll(() => editorBody(page).locator("span[style*='color']").first().evaluate((el) => getComputedStyle(el).color))
      .toBe("rgb(220, 38, 38)");
  });

  it("the Export menu opens from the keyboard on the first press and gives focus back on Escape", async () => {
    const exportButton = page.getByRole("button", { name: "Export", exact: true });
    await exportButton.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: /^Markdown/ }).waitFor();
    expect(await page.getByRole("menuitem").count()).toBe(6);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await expect.poll(() => exportButton.evaluate((el) => el === document.activeElement)).toBe(true);
    // Open again, now with the menu loaded: the same button, the same list.
    await exportButton.click();
    await page.getByRole("menuitem", { name: "Print", exact: true }).waitFor();
    await page.keyboard.press("Escape");
  });
});
