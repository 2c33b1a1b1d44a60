// Mentions in Chromium, two people in separate browser contexts: the owner comments on a
// passage and mentions the editor with the @ picker; the mention email is in the outbox with
// the thread's link and one-click unsubscribe headers; the editor's bell (on a 390 px phone)
// shows 1, the inbox entry opens the document at the thread, and the editor replies; the
// owner's bell shows the reply. Screenshots of the picker and the inbox at 390 and 1280 px,
// light and dark, go to SHOTS_DIR when it is set. Then the bell live: a person looking at the
// dashboard sees a mention's count arrive without reloading (over /realtime; the bell's
// fallback poll is 5 minutes), and marking all read in one tab clears the other tab's bell.
import type { Page, WebSocket } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents.js";
import { mentionToken } from "../src/shared/mentions.js";
import { apiRequest, ownerAndMember } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { shotBothSchemes } from "./support/shots.js";
import { type ApiSession, putSessionInContext } from "./support/auth.js";
import { selectText } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const body = (page: Page) => page.locator(".draftsmith-prose");
const unread = (page: Page) => page.getByTestId("unread-count");


async function pageAs(session: ApiSession, path: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await app.browser.newContext({ viewport });
  app.contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(`${app.server.url}${path}`);
  return page;
}

interface MailboxEntry {
  subject: string;
  text: string;
  headers: Record<string, string>;
  links: { label: string; url: string }[];
}

describe("mentions", () => {
  it("owner mentions the editor with the @ picker; the email is in the outbox; the editor's bell opens the thread; a reply reaches the owner's bell", { timeout: 240_000 }, async () => {
    const url = app.server.url;
    const { owner, member: editor, doc } = await ownerAndMember(url, {
      ownerName: "Olivia Owner",
      memberName: "Eddie Editor",
      role: "editor",
      title: "Orchard notes",
      text: "Apples are red and pears are green.",
    });

    // The owner selects a passage, starts a comment and types @Ed: the picker offers the editor.
    const ownerPage = await pageAs(owner, `/editor/${doc.id}`, { width: 1280, height: 800 });
    await body(ownerPage).waitFor({ state: "visible", timeout: 30_000 });
    await expect.poll(() => body(ownerPage).textContent(), { timeout: 20_000 }).toContain("Apples are red");
    await body(ownerPage).click();
    await selectText(ownerPage, "pears are green");
    await ownerPage.keyboard.press("Control+Alt+KeyM");
    const composer = ownerPage.getByRole("form", { name: "New comment" });
    await composer.waitFor({ timeout: 15_000 });
    const field = composer.getByRole("textbox", { name: "Comment" });
    await field.pressSequentially("Are these ripe, @Ed");
    const picker = ownerPage.getByRole("listbox", { name: "People to mention" });
    await expect.poll(() => picker.textContent(), { timeout: 10_000 }).toContain("Eddie Editor");
    await shotBothSchemes(ownerPage, "mention-picker-1280");
    await field.press("Enter");
    await expect.poll(() => field.inputValue()).toBe("Are these ripe, @Eddie Editor ");
    await field.pressSequentially("?");
    await composer.getByRole("button", { name: "Comment" }).click();
    const thread = ownerPage.locator("aside[aria-label='Comments']").getByRole("article");
    await expect.poll(() => thread.locator("[data-mention]").textContent(), { timeout: 10_000 }).toBe("@Eddie Editor");

    // The email is in the outbox, with the link to the thread and the unsubscribe headers.
    let mail: MailboxEntry | undefined;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(editor.email)}`);
          const list = (await res.json()) as MailboxEntry[];
          mail = list.find((m) => m.subject.includes("mentioned you"));
          return mail?.subject;
        },
        { timeout: 15_000 },
      )
      .toBe("Olivia Owner mentioned you in “Orchard notes”");
    expect(mail!.text).toContain("@Eddie Editor ?");
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const threadLink = mail!.links.find((l) => l.label === "Open the thread")!.url;
    expect(threadLink).toContain(`/editor/${doc.id}?thread=`);

    // The editor, on a phone: the bell shows 1; the inbox entry opens the document at the thread.
    const editorPage = await pageAs(editor, "/", { width: 390, height: 844 });
    await expect.poll(() => unread(editorPage).textContent(), { timeout: 30_000 }).toBe("1");
    await editorPage.getByTestId("notification-bell").click();
    const entry = editorPage.getByRole("region", { name: "Inbox" }).getByRole("link", { name: /Olivia Owner mentioned you in Orchard notes/ });
    await entry.waitFor({ timeout: 15_000 });
    expect(await editorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shotBothSchemes(editorPage, "inbox-390");
    await entry.click();
    await expect.poll(() => new URL(editorPage.url()).pathname).toBe(`/editor/${doc.id}`);
    const sheet = editorPage.getByRole("dialog", { name: "Comments" });
    const theirThread = sheet.getByRole("article");
    await expect.poll(() => theirThread.textContent(), { timeout: 30_000 }).toContain("Are these ripe, @Eddie Editor ?");

    // The editor replies, mentioning back with the picker (shown on the phone).
    const reply = theirThread.getByRole("textbox", { name: "Reply" });
    await reply.pressSequentially("Yes, @Oli");
    await expect.poll(() => editorPage.getByRole("listbox", { name: "People to mention" }).textContent(), { timeout: 10_000 }).toContain("Olivia Owner");
    await shotBothSchemes(editorPage, "mention-picker-390");
    // Escape closes the picker and leaves the sheet open; the reply goes without a mention.
    await reply.press("Escape");
    await expect.poll(() => editorPage.getByRole("listbox").count()).toBe(0);
    for (let i = 0; i < 4; i++) await reply.press("Backspace");
    await reply.pressSequentially("ripe by Friday");
    await theirThread.getByRole("button", { name: "Reply" }).click();
    await expect.poll(() => theirThread.textContent(), { timeout: 10_000 }).toContain("ripe by Friday");

    // The owner started the thread: the reply is in their inbox.
    await ownerPage.goto(`${url}/`);
    await expect.poll(() => unread(ownerPage).textContent(), { timeout: 30_000 }).toBe("1");
    await ownerPage.getByTestId("notification-bell").click();
    await ownerPage.getByRole("region", { name: "Inbox" }).getByRole("link", { name: /Eddie Editor replied in Orchard notes/ }).waitFor({ timeout: 15_000 });
    await shotBothSchemes(ownerPage, "inbox-1280");
  });

  it("the bell of a person on the dashboard counts a new mention as it happens; marking all read in one tab clears the other", { timeout: 240_000 }, async () => {
    const url = app.server.url;
    const { owner, member: bea, doc } = await ownerAndMember(url, {
      ownerName: "Ann Owner",
      memberName: "Bea Commenter",
      role: "commenter",
      title: "Harbour notes",
      text: "Boats leave at dawn.",
    });
    await apiRequest<DocumentRecord>(url, bea, "POST", "/api/documents", { title: "Reading list" });

    // Bea has the dashboard open in two tabs; nothing is unread. Each tab's /realtime socket is
    // watched until the server says it is signed in (from then on it follows her inbox).
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    app.contexts.push(context);
    await putSessionInContext(context, url, bea);
    const tabs: { page: Page; sockets: WebSocket[]; ready: boolean }[] = [];
    for (let i = 0; i < 2; i++) {
      const tab = { page: await context.newPage(), sockets: [] as WebSocket[], ready: false };
      tab.page.on("websocket", (ws) => {
        if (!ws.url().endsWith("/realtime")) return;
        tab.sockets.push(ws);
        ws.on("framereceived", ({ payload }) => {
          if (String(payload).includes('"type":"ready"')) tab.ready = true;
        });
      });
      await tab.page.goto(`${url}/`);
      tabs.push(tab);
    }
    for (const { page } of tabs) await expect.poll(() => page.getByTestId("document-card").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    for (const tab of tabs) {
      await expect.poll(() => tab.ready).toBe(true);
      expect(await unread(tab.page).count()).toBe(0);
    }

    // Ann mentions Bea in a comment: both of Bea's bells count it, with no reload and no focus change.
    await apiRequest(url, owner, "POST", `/api/documents/${doc.id}/comments`, {
      anchor_id: "harbour-dawn",
      quote: "Boats leave at dawn.",
      body: `${mentionToken("Bea Commenter", bea.user.id)} which dawn?`,
    });
    for (const { page } of tabs) await expect.poll(() => unread(page).textContent()).toBe("1");

    // Mark all read in the first tab: the second tab's bell clears too.
    const first = tabs[0]!.page;
    await first.getByTestId("notification-bell").click();
    const inbox = first.getByRole("region", { name: "Inbox" });
    await inbox.getByRole("link", { name: /Ann Owner mentioned you in Harbour notes/ }).waitFor({ timeout: 15_000 });
    await inbox.getByRole("button", { name: "Mark all read" }).click();
    for (const { page } of tabs) await expect.poll(() => unread(page).count()).toBe(0);

    // The live list and the bell share each tab's one socket.
    for (const tab of tabs) expect(tab.sockets).toHaveLength(1);
  });
});
