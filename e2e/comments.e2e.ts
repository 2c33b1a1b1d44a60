// Comment threads in Chromium, two people in separate browser contexts: the owner selects a
// passage and comments on it (Ctrl+Alt+M), the thread sits in the margin beside the passage,
// which is highlighted; an invited commenter, in Viewing, replies from
// the margin; the owner sees the reply at once without reloading, resolves the thread, and the
// Resolved filter lists it. On a 390 px phone the comments open as a sheet. Screenshots at 390
// and 1280 px, light and dark, go to SHOTS_DIR when it is set.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ownerAndMember } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { animationsDone } from "./support/a11y.js";
import { shotBothSchemes } from "./support/shots.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { selectText } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const body = (page: Page) => page.locator(".draftsmith-prose");
const margin = (page: Page) => page.locator("aside[aria-label='Comments']");
/** Once the cards have been laid out again after a scroll (the next frames) and have slid to their places. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await animationsDone(page);
}
/** Scrolls the text by `dy` px (the text scrolls, the margin beside it does not). */
async function scrollText(page: Page, dy: number): Promise<void> {
  await page.evaluate((by) => document.getElementById("main")!.scrollBy(0, by), dy);
  await settled(page);
}
/**
 * Each card's place against the margin's header (its title and filter rows, which end where
 * the cards' column starts) and the column's bottom: "below", "hidden above" (wholly under
 * the column's top edge, so none of it shows), or "across the header" (cut off at its top).
 */
const cardPlaces = (page: Page) =>
  margin(page)
    .getByRole("article")
    .evaluateAll((cards) =>
      cards.map((card) => {
        const box = card.getBoundingClientRect();
        const column = card.parentElement!.parentElement!.getBoundingClientRect();
        const place = box.top >= column.top - 0.5 ? "below" : box.bottom <= column.top + 0.5 ? "hidden above" : "across the header";
        return { place, top: box.top - column.top, bottom: box.bottom - column.bottom };
      }),
    );


async function openAs(session: ApiSession, documentId: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await app.browser.newContext({ viewport });
  app.contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(`${app.server.url}/editor/${documentId}`);
  await body(page).waitFor({ state: "visible", timeout: 20_000 });
  await expect.poll(() => body(page).textContent(), { timeout: 20_000 }).toContain("Apples are red");
  return page;
}

/** Selects `passage`, presses Ctrl+Alt+M and posts `text` from the composer that opens. */
async function commentOn(page: Page, passage: string, text: string): Promise<void> {
  await body(page).click();
  await selectText(page, passage);
  await page.keyboard.press("Control+Alt+KeyM");
  const composer = page.getByRole("form", { name: "New comment" });
  await composer.waitFor({ timeout: 15_000 });
  await composer.getByRole("textbox", { name: "Comment" }).fill(text);
  await composer.getByRole("button", { name: "Comment" }).click();
}

describe("comments", () => {
  it("owner comments on a passage, a commenter replies, the owner sees it live, resolves it, and the filter shows it; a phone gets a sheet", { timeout: 180_000 }, async () => {
    const { owner, member: commenter, doc } = await ownerAndMember(app.server.url, {
      ownerName: "Olivia Owner",
      memberName: "Cora Commenter",
      role: "commenter",
      title: "Orchard notes",
      text: "Apples are red and pears are green.",
    });

    // The owner selects "pears are green" and presses Ctrl+Alt+M: the composer opens in the margin.
    const ownerPage = await openAs(owner, doc.id);
    await commentOn(ownerPage, "pears are green", "Are they ripe yet?");
    const ownerThread = margin(ownerPage).getByRole("article");
    await expect.poll(() => ownerThread.textContent(), { timeout: 10_000 }).toContain("Are they ripe yet?");
    // The passage is marked in the text and highlighted.
    const anchor = body(ownerPage).locator(".comment-anchor");
    await expect.poll(() => anchor.textContent(), { timeout: 10_000 }).toBe("pears are green");
    expect(await anchor.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");

    // The commenter, in Viewing (their typing would otherwise be suggestions, e2e/suggesting.e2e.ts):
    // the text does not take typing, the thread is there, and they reply.
    const commenterPage = await openAs(commenter, doc.id);
    await commenterPage.getByRole("radiogroup", { name: "Mode" }).getByRole("radio", { name: "Viewing" }).click();
    await expect.poll(() => body(commenterPage).getAttribute("contenteditable")).toBe("false");
    await body(commenterPage).click();
    await commenterPage.keyboard.type("sneaky words");
    expect(await body(commenterPage).textContent()).toBe("Apples are red and pears are green.");
    await commenterPage.getByRole("button", { name: /Comments/ }).first().click();
    const theirThread = margin(commenterPage).getByRole("article");
    await expect.poll(() => theirThread.textContent(), { timeout: 10_000 }).toContain("Are they ripe yet?");
    await theirThread.getByRole("textbox", { name: "Reply" }).fill("Not until October.");
    await theirThread.getByRole("button", { name: "Reply" }).click();

    // The owner sees the reply without reloading.
    await expect.poll(() => ownerThread.textContent(), { timeout: 10_000 }).toContain("Not until October.");
    await shotBothSchemes(ownerPage, "comments-margin-1280");

    // Resolved: gone from Open, listed under Resolved, the passage no longer highlighted.
    await ownerThread.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => margin(ownerPage).getByRole("article").count(), { timeout: 10_000 }).toBe(0);
    await margin(ownerPage).getByRole("radio", { name: /Resolved/ }).click();
    await expect.poll(() => margin(ownerPage).getByRole("article").textContent(), { timeout: 10_000 }).toContain("Resolved by Olivia Owner");
    expect(await anchor.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgba(0, 0, 0, 0)");
    // The commenter's margin follows: the thread left their Open list too.
    await expect.poll(() => margin(commenterPage).getByRole("article").count(), { timeout: 10_000 }).toBe(0);

    // A phone: the comments open as a sheet, with the same filter.
    await margin(ownerPage).getByRole("button", { name: "Close comments" }).click();
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await ownerPage.getByRole("button", { name: /Comments/ }).first().click();
    const sheet = ownerPage.getByRole("dialog", { name: "Comments" });
    await sheet.waitFor({ timeout: 10_000 });
    await sheet.getByRole("radio", { name: /Resolved/ }).click();
    await expect.poll(() => sheet.getByRole("article").textContent(), { timeout: 10_000 }).toContain("Not until October.");
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shotBothSchemes(ownerPage, "comments-sheet-390");
  });

  it("Ctrl+Alt+M pressed before the comments' code has arrived still opens the composer once it has", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    const doc = await app.api<{ id: string }>(owner, "POST", "/api/documents", {
      title: "Quick note",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Apples are red and pears are green." }] }] },
    });
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    app.contexts.push(context);
    await putSessionInContext(context, app.server.url, owner);
    const page = await context.newPage();
    // The layer's code is held back until the shortcut has been pressed.
    const layer = /\/assets\/comments-layer-[^/]+\.js$/;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(layer, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto(`${app.server.url}/editor/${doc.id}`);
    await expect.poll(() => body(page).textContent(), { timeout: 20_000 }).toContain("Apples are red");
    await body(page).click();
    await selectText(page, "pears are green");
    await page.keyboard.press("Control+Alt+KeyM");
    await expect.poll(() => held).toBeGreaterThan(0);
    release();
    await page.getByRole("form", { name: "New comment" }).waitFor({ timeout: 20_000 });
  });

  it("a document nobody has commented on loads no comments or suggestions code; a co-writer's new thread brings the comments live", { timeout: 120_000 }, async () => {
    const { owner, member: editor, doc } = await ownerAndMember(app.server.url, {
      ownerName: "Olivia Owner",
      memberName: "Eddie Editor",
      role: "editor",
      title: "Quiet orchard",
      text: "Apples are red and pears are green.",
    });
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    app.contexts.push(context);
    await putSessionInContext(context, app.server.url, owner);
    const ownerPage = await context.newPage();
    const layers: string[] = [];
    ownerPage.on("request", (r) => {
      const file = /\/assets\/((?:comments|suggesting)-layer)-[^/]+\.js$/.exec(new URL(r.url()).pathname)?.[1];
      if (file) layers.push(file);
    });
    await ownerPage.goto(`${app.server.url}/editor/${doc.id}`);
    await expect.poll(() => body(ownerPage).textContent(), { timeout: 20_000 }).toContain("Apples are red");
    await ownerPage.waitForLoadState("networkidle");
    expect(layers).toEqual([]);

    // Eddie comments on a passage: Olivia's page loads the comments and highlights it.
    const editorPage = await openAs(editor, doc.id);
    await commentOn(editorPage, "pears are green", "Ripe yet?");
    await expect.poll(() => layers, { timeout: 20_000 }).toContain("comments-layer");
    const anchor = body(ownerPage).locator(".comment-anchor");
    await expect.poll(() => anchor.textContent(), { timeout: 10_000 }).toBe("pears are green");
    await expect.poll(() => anchor.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 10_000 }).not.toBe("rgba(0, 0, 0, 0)");
    expect(layers).not.toContain("suggesting-layer");
  });

  it("on a long document the margin's cards never cross its header, stay in the text's order, and the last one can be scrolled into view", { timeout: 240_000 }, async () => {
    const owner = await signUpViaApi(app.server.url, { fullName: "Olivia Owner" });
    const rows = Array.from({ length: 40 }, (_, i) => `Row ${i + 1} of the orchard is pruned in winter.`);
    const doc = await app.api<{ id: string }>(owner, "POST", "/api/documents", {
      title: "Orchard rows",
      content: { type: "doc", content: ["Apples are red and pears are green.", ...rows].map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) },
    });
    const page = await openAs(owner, doc.id);
    await commentOn(page, "Row 3 of", "Prune harder?");
    await margin(page).getByRole("article").waitFor({ timeout: 15_000 });
    // Three threads on the last three lines: their cards stack below the end of the text.
    for (const n of [38, 39, 40]) {
      await commentOn(page, `Row ${n} of`, `Row ${n} needs a ladder.`);
      await expect.poll(() => margin(page).getByRole("article").count(), { timeout: 15_000 }).toBe(n - 36);
    }
    const cards = margin(page).getByRole("article");
    const first = cards.filter({ hasText: "Prune harder?" });
    const passage = body(page).locator(".comment-anchor", { hasText: "Row 3 of" });

    // Back at the top, then the text scrolled up in small steps until "Row 3" has gone under the
    // header: at each step every card is wholly below the margin's header or wholly hidden above.
    await page.evaluate(() => document.getElementById("main")!.scrollTo(0, 0));
    await body(page).click({ position: { x: 5, y: 5 } });
    await settled(page);
    const columnTop = () => cards.first().evaluate((c) => c.parentElement!.parentElement!.getBoundingClientRect().top);
    const passageTop = async () => (await passage.boundingBox())!.y;
    await scrollText(page, (await passageTop()) - (await columnTop()) - 60);
    const seen = new Set<string>();
    for (let step = 0; step < 14; step++) {
      const places = await cardPlaces(page);
      for (const p of places) seen.add(p.place);
      expect(places.map((p) => p.place)).not.toContain("across the header");
      await scrollText(page, 20);
    }
    // The steps went from "Row 3" beside its card to "Row 3" out of the text's view.
    expect(await passageTop()).toBeLessThan((await page.locator("#main").boundingBox())!.y);
    expect(seen).toEqual(new Set(["below", "hidden above"]));
    await shotBothSchemes(page, "comments-scrolled-1280");

    // Chosen from the keyboard while its passage is out of view, the thread's card is raised
    // and comes wholly into view; scrolled back, it stands beside its passage again.
    await first.getByRole("textbox", { name: "Reply" }).focus();
    await expect.poll(() => first.getAttribute("data-active")).toBe("true");
    await settled(page);
    expect((await cardPlaces(page))[0]!.place).toBe("below");
    await page.evaluate(() => document.getElementById("main")!.scrollTo(0, 0));
    await settled(page);
    await expect.poll(async () => Math.abs((await first.boundingBox())!.y - (await passageTop())), { timeout: 10_000 }).toBeLessThan(6);

    // At the end of the text the last card can be scrolled wholly into view: nothing is cut off.
    await body(page).click({ position: { x: 5, y: 5 } });
    await page.evaluate(() => {
      const main = document.getElementById("main")!;
      main.scrollTo(0, main.scrollHeight);
    });
    await settled(page);
    // The room below the text follows the cards: one more scroll to the (new) end.
    await page.evaluate(() => {
      const main = document.getElementById("main")!;
      main.scrollTo(0, main.scrollHeight);
    });
    await settled(page);
    const last = (await cardPlaces(page)).at(-1)!;
    expect(last.place).toBe("below");
    expect(last.bottom).toBeLessThanOrEqual(0.5);
    expect(await cards.last().textContent()).toContain("Row 40 needs a ladder.");
    await shotBothSchemes(page, "comments-last-card-1280");
  });
});
