// Suggesting mode in Chromium, two people in separate browser contexts: an invited commenter
// opens the document in Suggesting (they have no Editing), and what they type, type over or
// delete shows as their suggestions, for them and live for the owner, whose margin lists a
// card per suggestion; the owner accepts one, rejects one, then accepts all, and both read the
// same plain text. The commenter's cards offer Withdraw, never Accept. On a longer document the
// cards stand beside their changes, next to the comments' margin. Screenshots of the cards at
// 390 and 1280 px, light and dark, go to SHOTS_DIR when it is set.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ownerAndMember, ownerAndMembers } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { shotBothSchemes } from "./support/shots.js";
import { type ApiSession, putSessionInContext } from "./support/auth.js";
import { selectText } from "./support/editor.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const body = (page: Page) => page.locator(".draftsmith-prose");
const margin = (page: Page) => page.locator("aside[aria-label='Suggestions']");
const ORIGINAL = "Apples are red and pears are green.";


async function openAs(session: ApiSession, documentId: string): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  app.contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(`${app.server.url}/editor/${documentId}`);
  await body(page).waitFor({ state: "visible", timeout: 20_000 });
  await expect.poll(() => textOf(page), { timeout: 20_000 }).toContain("Apples are red");
  return page;
}

/** The text as written, without other writers' carets and their name labels. */
const textOf = (page: Page) =>
  body(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return copy.textContent;
  });
/** Puts the caret before the first `word` and waits until the editor holds it (it reads a native caret move on the next selectionchange). */
async function caretBefore(page: Page, word: string): Promise<void> {
  await selectText(page, word);
  await page.keyboard.press("ArrowLeft");
  await expect
    .poll(() =>
      page.evaluate((w) => {
        const { selection } = (document.querySelector(".ProseMirror") as unknown as { editor: import("@tiptap/core").Editor }).editor.state;
        return selection.empty && selection.$from.parent.textContent.slice(selection.$from.parentOffset).startsWith(w);
      }, word),
    )
    .toBe(true);
}
const inserted = (page: Page) => body(page).locator("ins.suggestion-insert").allTextContents();
const struck = (page: Page) => body(page).locator("del.suggestion-delete").allTextContents();

/** The owner's and a commenter's editors on a new document holding ORIGINAL; the commenter's text takes typing. */
async function ownerAndCommenter(title: string): Promise<{ ownerPage: Page; page: Page }> {
  const { owner, member: commenter, doc } = await ownerAndMember(app.server.url, {
    ownerName: "Olivia Owner",
    memberName: "Cora Commenter",
    role: "commenter",
    title,
    text: ORIGINAL,
  });
  const ownerPage = await openAs(owner, doc.id);
  const page = await openAs(commenter, doc.id);
  await expect.poll(() => body(page).getAttribute("contenteditable"), { timeout: 20_000 }).toBe("true");
  return { ownerPage, page };
}

describe("suggesting", () => {
  it("a commenter's edits are suggestions the owner accepts one by one or all at once", { timeout: 240_000 }, async () => {
    const { owner, member: commenter, doc } = await ownerAndMember(app.server.url, {
      ownerName: "Olivia Owner",
      memberName: "Cora Commenter",
      role: "commenter",
      title: "Orchard notes",
      text: ORIGINAL,
    });
    const ownerPage = await openAs(owner, doc.id);

    // The commenter is in Suggesting, with no Editing to switch to; the text takes typing.
    const page = await openAs(commenter, doc.id);
    const modes = page.getByRole("radiogroup", { name: "Mode" });
    await expect.poll(() => modes.getByRole("radio", { name: "Suggesting" }).getAttribute("aria-checked"), { timeout: 20_000 }).toBe("true");
    expect(await modes.getByRole("radio", { name: "Editing" }).count()).toBe(0);
    await expect.poll(() => body(page).getAttribute("contenteditable"), { timeout: 20_000 }).toBe("true");

    // Typing over "red", deleting "green", adding at the end: three suggestions of theirs.
    await selectText(page, "red");
    await page.keyboard.type("crimson");
    await selectText(page, "green");
    await page.keyboard.press("Backspace");
    await body(page).press("Control+End");
    await page.keyboard.type(" Plums too.");
    await expect.poll(() => inserted(page), { timeout: 30_000 }).toEqual(["crimson", " Plums too."]);
    expect(await struck(page)).toEqual(["red", "green"]);
    // Their plain text never changed: the words they struck are still there.
    expect(await textOf(page)).toBe("Apples are redcrimson and pears are green. Plums too.");
    const theirCards = margin(page).getByRole("article");
    await expect.poll(() => theirCards.count(), { timeout: 30_000 }).toBe(3);
    expect(await theirCards.first().getByRole("button", { name: "Withdraw" }).count()).toBe(1);
    expect(await margin(page).getByRole("button", { name: /Accept/ }).count()).toBe(0);

    // The owner sees them live, as cards naming the commenter.
    const cards = margin(ownerPage).getByRole("article");
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(3);
    expect(await cards.first().getAttribute("aria-label")).toBe("Suggestion by Cora Commenter: Replace “red” with “crimson”");
    await expect.poll(() => inserted(ownerPage), { timeout: 30_000 }).toEqual(["crimson", " Plums too."]);
    await shotBothSchemes(ownerPage, "suggesting-margin-1280");

    // Accept the replacement, reject the deletion.
    await cards.first().getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
    expect(await cards.first().getAttribute("aria-label")).toBe("Suggestion by Cora Commenter: Delete “green”");
    await cards.first().getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => textOf(ownerPage)).toBe("Apples are crimson and pears are green. Plums too.");

    // One more from the commenter once the decisions reached them, then Accept all.
    await expect.poll(() => textOf(page), { timeout: 30_000 }).toBe("Apples are crimson and pears are green. Plums too.");
    // The paragraph's first word typed over with a phrase: each keystroke, the space too, reaches the owner.
    await selectText(page, "Apples");
    await page.keyboard.type("Ripe apples");
    await expect.poll(() => inserted(page), { timeout: 20_000 }).toEqual(["Ripe apples", " Plums too."]);
    await expect.poll(() => cards.first().getAttribute("aria-label"), { timeout: 30_000 }).toBe("Suggestion by Cora Commenter: Replace “Apples” with “Ripe apples”");
    expect(await cards.count()).toBe(2);
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await ownerPage.getByRole("button", { name: "2 suggestions" }).click();
    const sheet = ownerPage.getByRole("dialog", { name: "Suggestions" });
    await sheet.waitFor({ timeout: 30_000 });
    await shotBothSchemes(ownerPage, "suggesting-sheet-390");
    await sheet.getByRole("button", { name: "Accept all" }).click();
    const final = "Ripe apples are crimson and pears are green. Plums too.";
    await expect.poll(() => textOf(ownerPage), { timeout: 30_000 }).toBe(final);
    expect(await body(ownerPage).locator("ins, del").count()).toBe(0);
    // The commenter's connection was never refused: the decisions reached them.
    await expect.poll(() => textOf(page), { timeout: 30_000 }).toBe(final);

    // Accept all was one step: one undo brings both suggestions back, one redo decides them again.
    await sheet.waitFor({ state: "detached" });
    await body(ownerPage).focus();
    await ownerPage.keyboard.press("Control+z");
    await expect.poll(() => inserted(ownerPage), { timeout: 20_000 }).toEqual(["Ripe apples", " Plums too."]);
    // The sheet closed with the last suggestion, and stays closed when they come back: the
    // text keeps the focus.
    expect(await ownerPage.getByRole("dialog", { name: "Suggestions" }).count()).toBe(0);
    await ownerPage.keyboard.press("Control+y");
    await expect.poll(() => textOf(ownerPage), { timeout: 20_000 }).toBe(final);
    expect(await body(ownerPage).locator("ins, del").count()).toBe(0);
  });

  it("Enter in Suggesting mode is a suggested paragraph break the owner rejects or accepts", { timeout: 240_000 }, async () => {
    const { ownerPage, page } = await ownerAndCommenter("Orchard breaks");
    const paragraphs = (p: Page) => body(p).locator("p").count();
    const markers = (p: Page) => body(p).locator(".suggested-break-marker").count();
    /** The text without the ¶ drawn where a break is suggested. */
    const words = async (p: Page) => (await textOf(p))?.replaceAll("¶", "");

    // The commenter splits the paragraph before "and" and starts the new one with "So ".
    await caretBefore(page, "and");
    await page.keyboard.press("Enter");
    await page.keyboard.type("So ");
    await expect.poll(() => paragraphs(page), { timeout: 20_000 }).toBe(2);
    expect(await inserted(page)).toEqual(["So "]);

    // The owner sees two blocks, the ¶ where the break would go, and a card for it.
    await expect.poll(() => paragraphs(ownerPage), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => markers(ownerPage), { timeout: 30_000 }).toBe(1);
    const cards = margin(ownerPage).getByRole("article");
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
    const breakCard = margin(ownerPage).getByRole("article", { name: "Suggestion by Cora Commenter: New paragraph" });
    expect(await breakCard.textContent()).toContain("Cora Commenter suggested a new paragraph");
    await shotBothSchemes(ownerPage, "suggesting-break-1280");

    // Rejected, the paragraph is one again; the words typed after the break stay a suggestion until rejected too.
    await breakCard.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => paragraphs(ownerPage), { timeout: 30_000 }).toBe(1);
    expect(await markers(ownerPage)).toBe(0);
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(1);
    await cards.first().getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => words(ownerPage), { timeout: 30_000 }).toBe(ORIGINAL);
    await expect.poll(() => words(page), { timeout: 30_000 }).toBe(ORIGINAL);
    await expect.poll(() => paragraphs(page), { timeout: 30_000 }).toBe(1);

    // Another break, accepted: two paragraphs, no marker, no card.
    await caretBefore(page, "pears");
    await page.keyboard.press("Enter");
    const labels = () => cards.evaluateAll((all) => all.map((a) => a.getAttribute("aria-label")));
    await expect.poll(labels, { timeout: 30_000 }).toEqual(["Suggestion by Cora Commenter: New paragraph"]);
    await breakCard.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(0);
    expect(await paragraphs(ownerPage)).toBe(2);
    expect(await markers(ownerPage)).toBe(0);
    const blocks = await body(ownerPage).evaluate((el) =>
      [...el.querySelectorAll("p")].map((p) => {
        const copy = p.cloneNode(true) as HTMLElement;
        for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
        return copy.textContent;
      }),
    );
    expect(blocks).toEqual(["Apples are red and ", "pears are green."]);
    await expect.poll(() => markers(page), { timeout: 30_000 }).toBe(0);
    expect(await paragraphs(page)).toBe(2);
  });

  it("paragraphs a commenter pastes are suggested words and breaks; rejected, the text is as it was", { timeout: 240_000 }, async () => {
    const { ownerPage, page } = await ownerAndCommenter("Orchard paste");
    const markers = (p: Page) => body(p).locator(".suggested-break-marker").count();
    const words = async (p: Page) => (await textOf(p))?.replaceAll("¶", "");

    await caretBefore(page, "and");
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/html", "<p>ripe,</p><p>sweet.</p><p>Then</p>");
      data.setData("text/plain", "ripe,\nsweet.\nThen ");
      document.querySelector(".ProseMirror")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    // Three paragraphs, each pasted word a suggestion, a ¶ before each new paragraph, for both.
    await expect.poll(() => body(page).locator("p").count(), { timeout: 20_000 }).toBe(3);
    expect(await inserted(page)).toEqual(["ripe,", "sweet.", "Then"]);
    await expect.poll(() => markers(ownerPage), { timeout: 30_000 }).toBe(2);
    expect(await inserted(ownerPage)).toEqual(["ripe,", "sweet.", "Then"]);

    // Reject all: one paragraph, as it was.
    await margin(ownerPage).getByRole("button", { name: "Reject all" }).click();
    await expect.poll(() => words(ownerPage), { timeout: 30_000 }).toBe(ORIGINAL);
    await expect.poll(() => words(page), { timeout: 30_000 }).toBe(ORIGINAL);
    expect(await body(ownerPage).locator("p").count()).toBe(1);
    expect(await markers(ownerPage)).toBe(0);
  });

  it("Enter twice at a list's end in Suggesting mode leaves the list; rejected, the list is as it was", { timeout: 240_000 }, async () => {
    const { owner, member: commenter, doc } = await ownerAndMember(app.server.url, {
      ownerName: "Olivia Owner",
      memberName: "Cora Commenter",
      role: "commenter",
      title: "Orchard list",
      text: ORIGINAL,
    });
    const ownerPage = await openAs(owner, doc.id);
    // The owner ends the text with a list of one item.
    await body(ownerPage).click();
    await ownerPage.keyboard.press("Control+End");
    await ownerPage.keyboard.press("Enter");
    await ownerPage.keyboard.type("- Figs");
    await expect.poll(() => body(ownerPage).locator("ul > li").allTextContents(), { timeout: 20_000 }).toEqual(["Figs"]);
    const page = await openAs(commenter, doc.id);
    await expect.poll(() => body(page).locator("ul > li").count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => body(page).getAttribute("contenteditable"), { timeout: 20_000 }).toBe("true");

    await selectText(page, "Figs");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => body(page).locator("ul > li").count(), { timeout: 20_000 }).toBe(2);
    await page.keyboard.press("Enter");
    await page.keyboard.type("Then plums.");
    // Out of the list: one item, and a paragraph after it holding the suggested words.
    await expect.poll(() => body(page).locator("ul > li").count(), { timeout: 20_000 }).toBe(1);
    const blockAfterList = (p: Page) => body(p).locator(":scope > ul + p").textContent();
    await expect.poll(() => blockAfterList(page), { timeout: 20_000 }).toBe("Then plums.");
    expect(await inserted(page)).toEqual(["Then plums."]);
    await expect.poll(() => inserted(ownerPage), { timeout: 30_000 }).toEqual(["Then plums."]);
    await expect.poll(() => body(ownerPage).locator(".suggested-break-marker").count(), { timeout: 30_000 }).toBe(1);

    await margin(ownerPage).getByRole("button", { name: "Reject all" }).click();
    await expect.poll(() => body(ownerPage).locator("ul > li").allTextContents(), { timeout: 30_000 }).toEqual(["Figs"]);
    expect(await blockAfterList(ownerPage)).not.toContain("Then");
    // The top-level paragraphs, without other writers' carets.
    const paragraphsOf = (p: Page) =>
      body(p).evaluate((el) =>
        [...el.querySelectorAll(":scope > p")].map((block) => {
          const copy = block.cloneNode(true) as HTMLElement;
          for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
          return copy.textContent;
        }),
      );
    const ownerBlocks = await paragraphsOf(ownerPage);
    expect(ownerBlocks.join("")).not.toContain("Then");
    await expect.poll(() => paragraphsOf(page), { timeout: 30_000 }).toEqual(ownerBlocks);
    await expect.poll(() => body(page).locator("ul > li").allTextContents(), { timeout: 30_000 }).toEqual(["Figs"]);
    expect(await inserted(page)).toEqual([]);
  });

  it("on a wide screen each suggestion's card stands beside the start of its change, below the card above", { timeout: 240_000 }, async () => {
    const filler = Array.from({ length: 6 }, (_, i) => `Row ${i + 1} of the orchard is pruned in winter.`);
    const { owner, members, doc } = await ownerAndMembers(app.server.url, {
      ownerName: "Olivia Owner",
      title: "Orchard rows",
      paragraphs: [ORIGINAL, ...filler.slice(0, 3), "Cherries come first. Then the figs.", ...filler.slice(3), "Plums ripen in late summer."],
      members: [{ name: "Cora Commenter", role: "commenter" }],
    });
    const ownerPage = await openAs(owner, doc.id);
    const page = await openAs(members[0]!, doc.id);
    await expect.poll(() => body(page).getAttribute("contenteditable"), { timeout: 20_000 }).toBe("true");

    // A replacement in the first paragraph, a paragraph break in the middle, one in the last.
    await selectText(page, "red");
    await page.keyboard.type("crimson");
    await caretBefore(page, "Then the figs");
    await page.keyboard.press("Enter");
    await selectText(page, "Plums");
    await page.keyboard.type("Damsons");
    await expect.poll(() => inserted(page), { timeout: 30_000 }).toEqual(["crimson", "Damsons"]);

    // The owner comments on a passage too: both margins are open beside the text.
    await body(ownerPage).click();
    await selectText(ownerPage, "pears");
    await ownerPage.keyboard.press("Control+Alt+KeyM");
    const composer = ownerPage.getByRole("form", { name: "New comment" });
    await composer.waitFor({ timeout: 15_000 });
    await composer.getByRole("textbox", { name: "Comment" }).fill("Which pears?");
    await composer.getByRole("button", { name: "Comment" }).click();
    await ownerPage.locator("aside[aria-label='Comments']").getByRole("article").waitFor({ timeout: 15_000 });

    const cards = margin(ownerPage).getByRole("article");
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))), { timeout: 30_000 })
      .toEqual([
        "Suggestion by Cora Commenter: Replace “red” with “crimson”",
        "Suggestion by Cora Commenter: New paragraph",
        "Suggestion by Cora Commenter: Replace “Plums” with “Damsons”",
      ]);
    const top = async (l: ReturnType<Page["locator"]>) => (await l.boundingBox())?.y ?? Number.NaN;
    // Each card's top is the top of the line its change starts on: the struck words, the block
    // the break makes (whose box starts half a line's leading above its letters).
    const passages = [
      body(ownerPage).locator("del.suggestion-delete", { hasText: "red" }),
      body(ownerPage).locator("p", { hasText: "Then the figs." }),
      body(ownerPage).locator("del.suggestion-delete", { hasText: "Plums" }),
    ];
    for (const [i, passage] of passages.entries()) {
      await expect.poll(async () => Math.abs((await top(cards.nth(i))) - (await top(passage))), { timeout: 10_000 }).toBeLessThan(6);
    }
    // Far apart in the text, the cards are apart in the margin, each below the one above.
    for (const i of [1, 2]) {
      const above = (await cards.nth(i - 1).boundingBox())!;
      expect(await top(cards.nth(i))).toBeGreaterThanOrEqual(above.y + above.height);
    }
    // The card of the change holding the caret is raised, as the active comment is.
    await cards.nth(2).click();
    await expect.poll(() => cards.nth(2).getAttribute("data-active")).toBe("true");
    expect(await cards.nth(0).getAttribute("data-active")).toBeNull();
    // The raised card's change is marked in the text as the active comment's passage is: its
    // struck and its new words, and nothing else.
    const marked = () => body(ownerPage).locator(".suggestion-active").allTextContents();
    await expect.poll(marked, { timeout: 10_000 }).toEqual(["Plums", "Damsons"]);
    await shotBothSchemes(ownerPage, "suggesting-beside-comments-1280");
    // The caret in another change raises that card and marks its words instead.
    await caretBefore(ownerPage, "crimson");
    await expect.poll(() => cards.nth(0).getAttribute("data-active")).toBe("true");
    await expect.poll(marked).toEqual(["red", "crimson"]);
    // A card reached with the keyboard: a suggested break marks the block it starts.
    await cards.nth(1).getByRole("button", { name: "Accept" }).focus();
    await expect.poll(() => cards.nth(1).getAttribute("data-active")).toBe("true");
    await expect.poll(() => body(ownerPage).locator("p.suggestion-active").allTextContents()).toEqual(["Then the figs."]);
    expect(await body(ownerPage).locator("ins .suggestion-active, del .suggestion-active").count()).toBe(0);
    // On a phone (the comments closed, else their sheet would open over the text) the caret in a change marks it too.
    await ownerPage.locator("aside[aria-label='Comments']").getByRole("button", { name: "Close comments" }).click();
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await caretBefore(ownerPage, "crimson");
    await expect.poll(marked).toEqual(["red", "crimson"]);
    await shotBothSchemes(ownerPage, "suggesting-active-390");
  });
});
