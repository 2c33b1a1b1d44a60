// The command palette in Chromium: Ctrl+Shift+K on the dashboard, a word from one document's text
// shows that document with the word marked, Enter opens it in the editor; a document another
// user shared is found by the invitee; Escape closes the palette; a word only a comment holds
// finds its document with the comment shown, and Enter opens that thread in the margin.
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { apiRequest, buyPlan, inviteAndAccept } from "./support/api.js";
import { withAppAndBrowser } from "./support/app.js";
import { type ApiSession, signInPage, signUpViaApi } from "./support/auth.js";
import type { RunningServer } from "./support/server.js";

let server: RunningServer;
let browser: Browser;
const pages: Page[] = [];

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { startTimeoutMs: 110_000 });

afterAll(async () => {
  for (const p of pages) await p.context().close().catch(() => {});
});

const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const create = (session: ApiSession, title: string, text: string) =>
  apiRequest<DocumentRecord>(server.url, session, "POST", "/api/documents", { title, content: para(text) });

async function openPalette(page: Page) {
  await page.keyboard.press("Control+Shift+K");
  const box = page.getByRole("combobox", { name: "Search documents and commands" });
  await box.waitFor();
  return box;
}

describe("command palette", () => {
  it("Ctrl+Shift+K → type a word from a document's text → it is listed with the word marked → Enter opens it", { timeout: 120_000 }, async () => {
    const writer = await signUpViaApi(server.url);
    await create(writer, "Harbour log", "Gulls over the quay at dawn.");
    const target = await create(writer, "Orchard notes", "The old pear tree by the wall bears fruit every second autumn.");
    await create(writer, "Shopping", "Bread, milk, and pears.");

    const page = await signInPage(browser, server.url, writer);
    pages.push(page);
    await page.getByText("Orchard notes").first().waitFor();

    const box = await openPalette(page);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    // With nothing typed the palette offers its commands.
    await page.getByRole("option", { name: "New document" }).waitFor();

    await box.pressSequentially("autum");
    const hit = page.getByRole("option").filter({ hasText: "Orchard notes" });
    await hit.waitFor();
    expect(await hit.locator("mark").allTextContents()).toEqual(["autumn"]);
    expect(await page.getByRole("option").filter({ hasText: "Shopping" }).count()).toBe(0);
    expect(await hit.getAttribute("aria-selected")).toBe("true");

    await page.keyboard.press("Enter");
    await page.waitForURL(`**/editor/${target.id}`);
    await page.locator(".draftsmith-prose").getByText("second autumn").waitFor();
    expect(await page.getByRole("combobox", { name: "Search documents and commands" }).count()).toBe(0);
  });

  it("the invitee finds a document shared with them; arrows move the choice; Escape closes", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(server.url, { fullName: "Olivia Owner" });
    await buyPlan(server.url, owner, "professional");
    const shared = await create(owner, "Team charter", "Our shared values: candour, kindness, and marzipan on Fridays.");
    await create(owner, "Private marzipan", "Marzipan recipe the owner keeps to herself.");
    const invitee = await signUpViaApi(server.url);
    await inviteAndAccept(server.url, owner, shared.id, invitee, "viewer");
    await create(invitee, "My marzipan list", "Marzipan shops nearby.");

    const page = await signInPage(browser, server.url, invitee);
    pages.push(page);
    await page.getByText("My marzipan list").first().waitFor();
    const box = await openPalette(page);
    await box.pressSequentially("marzipan");
    const sharedHit = page.getByRole("option").filter({ hasText: "Team charter" });
    await sharedHit.waitFor();
    await page.getByRole("option").filter({ hasText: "My marzipan list" }).waitFor();
    expect(await page.getByRole("option").filter({ hasText: "Private marzipan" }).count()).toBe(0);
    expect(await sharedHit.textContent()).toContain("Shared");

    // ↓ moves the choice to the next result.
    const first = page.getByRole("option").first();
    expect(await first.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("option").nth(1).getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await page.getByRole("option").nth(1).getAttribute("id"));

    await page.keyboard.press("Escape");
    await box.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("a word only a comment holds finds its document, shows the comment, and Enter opens the thread beside its passage", { timeout: 120_000 }, async () => {
    const writer = await signUpViaApi(server.url);
    const anchor = "thread-heronry-01";
    const doc = await apiRequest<DocumentRecord>(server.url, writer, "POST", "/api/documents", {
      title: "Estuary walk",
      content: {
        type: "doc",
        content: [
          { type: "paragraph", content: [{ type: "text", text: "We counted the birds on the mudflats." }] },
          { type: "paragraph", content: [{ type: "text", text: "The tide turned at noon.", marks: [{ type: "comment", attrs: { threadId: anchor } }] }] },
        ],
      },
    });
    await apiRequest(server.url, writer, "POST", `/api/documents/${doc.id}/comments`, { anchor_id: anchor, quote: "The tide turned at noon.", body: "Add the heronry count here." });

    const page = await signInPage(browser, server.url, writer);
    pages.push(page);
    await page.getByText("Estuary walk").first().waitFor();
    const box = await openPalette(page);
    await box.pressSequentially("heronry");
    const hit = page.getByRole("option").filter({ hasText: "Estuary walk" });
    await hit.waitFor();
    expect(await hit.locator("mark").allTextContents()).toEqual(["heronry"]);
    expect(await hit.textContent()).toContain("Comment: Add the heronry count here");

    await page.keyboard.press("Enter");
    await page.waitForURL(`**/editor/${doc.id}`);
    const thread = page.locator("aside[aria-label='Comments']").getByRole("article");
    await expect.poll(() => thread.textContent(), { timeout: 20_000 }).toContain("Add the heronry count here.");
  });
});
