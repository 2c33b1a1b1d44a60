// Find and replace in the editor, in Chromium: Ctrl+F finds with a count and highlights,
// Enter / Shift+Enter step through matches, Ctrl+H replaces one and then all, one Ctrl+Z
// takes the whole replace-all back, and the stored document holds the result. A viewer
// finds but has no replace. The bar at
// phone and desktop widths, light and dark (screenshots in /tmp/shots).
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiRequest, buyPlan, inviteAndAccept } from "./support/api.js";
import { withAppAndBrowser } from "./support/app.js";
import { type ApiSession, signUpViaApi } from "./support/auth.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { RunningServer } from "./support/server.js";

const SHOTS = "/tmp/shots";

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const api = <T>(session: ApiSession, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);
const findBar = (page: Page) => page.getByRole("search", { name: "Find in document" });
const count = (page: Page) => page.getByTestId("find-count");
const countText = (page: Page) => count(page).textContent();
const waitSaved = (page: Page) =>
  expect.poll(() => page.locator("[data-save-status]").getAttribute("data-save-status"), { timeout: 15_000 }).toBe("saved");
const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

/** The text of the stored document, one line per block. */
async function storedText(session: ApiSession, id: string): Promise<string> {
  const doc = await api<DocumentRecord>(session, "GET", `/api/documents/${id}`);
  const blocks = (doc.content as { content?: { content?: { text?: string }[] }[] }).content ?? [];
  return blocks.map((b) => (b.content ?? []).map((n) => n.text ?? "").join("")).join("\n");
}

describe("find and replace", () => {
  it("finds with a count, steps through matches, replaces one and all, and one Ctrl+Z undoes replace all", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Find" });
    const page = await openInEditor(browser, server.url, session, doc.id);
    await editorBody(page).click();
    await page.keyboard.type("The cat sat. A cat ran. One cat slept in the category.");
    await expect.poll(() => editorBody(page).textContent()).toContain("category.");

    await page.keyboard.press("Control+f");
    await findBar(page).waitFor();
    expect(await activeLabel(page)).toBe("Find");
    // A viewer's bar and a finder's bar alike: no replace field until asked for.
    expect(await page.getByLabel("Replace with").count()).toBe(0);
    await page.keyboard.type("cat");
    await expect.poll(() => countText(page)).toBe("1 of 4");
    await page.getByRole("button", { name: "Whole word" }).click();
    await expect.poll(() => countText(page)).toBe("1 of 3");
    expect(await editorBody(page).locator(".find-match").count()).toBe(3);
    expect(await editorBody(page).locator(".find-match-current").textContent()).toBe("cat");

    await page.keyboard.press("Enter");
    await expect.poll(() => countText(page)).toBe("2 of 3");
    await page.keyboard.press("Enter");
    await expect.poll(() => countText(page)).toBe("3 of 3");
    await page.keyboard.press("Enter");
    await expect.poll(() => countText(page)).toBe("1 of 3");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(() => countText(page)).toBe("3 of 3");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(() => countText(page)).toBe("2 of 3");

    // Ctrl+H shows the replace field; Replace changes the current match and moves on.
    await page.keyboard.press("Control+h");
    const replaceWith = page.getByLabel("Replace with");
    await replaceWith.fill("dog");
    await findBar(page).getByRole("button", { name: "Replace", exact: true }).click();
    await expect.poll(() => editorBody(page).textContent()).toBe("The cat sat. A dog ran. One cat slept in the category.");
    await expect.poll(() => countText(page)).toBe("2 of 2");

    await findBar(page).getByRole("button", { name: "Replace all" }).click();
    await expect.poll(() => editorBody(page).textContent()).toBe("The dog sat. A dog ran. One dog slept in the category.");
    await expect.poll(() => countText(page)).toBe("No results");
    expect(await editorBody(page).locator(".find-match").count()).toBe(0);

    // Escape closes the bar and gives the text its focus back; one Ctrl+Z takes back all of replace all.
    await page.keyboard.press("Escape");
    await findBar(page).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ProseMirror"))).toBe(true);
    await page.keyboard.press("Control+z");
    await expect.poll(() => editorBody(page).textContent()).toBe("The cat sat. A dog ran. One cat slept in the category.");

    await waitSaved(page);
    await expect.poll(() => storedText(session, doc.id), { timeout: 15_000 }).toBe("The cat sat. A dog ran. One cat slept in the category.");
    await page.context().close();
  });

  it("finds a word half bold and keeps its marks when replaced with the same length", async () => {
    const session = await signUpViaApi(server.url);
    const text = (t: string, marks?: { type: string }[]) => ({ type: "text", text: t, ...(marks ? { marks } : {}) });
    const content = {
      type: "doc",
      content: [
        { type: "paragraph", content: [text("A "), text("wor", [{ type: "bold" }]), text("d here.")] },
        { type: "paragraph", content: [text("Another word.")] },
      ],
    };
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Marks", content });
    const page = await openInEditor(browser, server.url, session, doc.id);
    await editorBody(page).getByText("Another").waitFor();
    await page.keyboard.press("Control+h");
    await page.getByRole("textbox", { name: "Find", exact: true }).fill("WORD");
    await expect.poll(() => countText(page)).toBe("1 of 2");
    await page.getByLabel("Replace with").fill("WORD");
    await page.getByLabel("Replace with").press("Enter");
    await expect.poll(() => editorBody(page).locator("strong").textContent()).toBe("WOR");
    expect(await editorBody(page).locator("p").first().textContent()).toBe("A WORD here.");
    await page.context().close();
  });

  it("lets a viewer find but not replace", async () => {
    const owner = await signUpViaApi(server.url);
    await buyPlan(server.url, owner, "professional");
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Read this, then read it again." }] }] };
    const doc = await api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Viewed", content });
    const viewer = await signUpViaApi(server.url);
    await inviteAndAccept(server.url, owner, doc.id, viewer, "viewer");
    const page = await openInEditor(browser, server.url, viewer, doc.id);
    await page.getByText("View only").waitFor();
    await editorBody(page).getByText("again").waitFor();
    await page.keyboard.press("Control+h");
    await findBar(page).waitFor();
    await page.getByRole("textbox", { name: "Find", exact: true }).fill("read");
    await expect.poll(() => countText(page)).toBe("1 of 2");
    await page.keyboard.press("Enter");
    await expect.poll(() => countText(page)).toBe("2 of 2");
    expect(await page.getByLabel("Replace with").count()).toBe(0);
    expect(await findBar(page).getByRole("button", { name: /replace/i }).count()).toBe(0);
    await page.context().close();
  });

  it("fits phones and desktops, light and dark", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const session = await signUpViaApi(server.url);
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Draft one, draft two, and the final draft." }] }] };
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", { title: "Shots", content });
    for (const width of [360, 390, 1280]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openInEditor(browser, server.url, session, doc.id, { viewport: { width, height: 800 }, colorScheme });
        await editorBody(page).getByText("final draft").waitFor();
        await editorBody(page).click();
        await page.keyboard.press("Control+h");
        await page.getByRole("textbox", { name: "Find", exact: true }).fill("draft");
        await page.getByLabel("Replace with").fill("version");
        await expect.poll(() => countText(page)).toBe("1 of 3");
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // Every control of the bar is inside the screen.
        const outside = await findBar(page).evaluate((bar) =>
          [...bar.querySelectorAll("input, button")].filter((el) => el.getBoundingClientRect().right > window.innerWidth).length,
        );
        expect(outside).toBe(0);
        if (width !== 360) await page.screenshot({ path: `${SHOTS}/find-bar-${width}-${colorScheme}.png` });
        await page.context().close();
      }
    }
  });
});
