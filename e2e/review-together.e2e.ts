// Reviewing together in Chromium, three people in their own browser contexts: Olivia (the
// owner), Cora (a commenter) and Eddie (an editor) on one document of two paragraphs.
//   1. Cora comments on a passage and mentions Eddie with the @ picker; the mention email to
//      Eddie is in the outbox with the thread's link; Eddie sees the thread arrive without
//      reloading and replies; Olivia resolves it; Cora's Resolved filter lists it.
//   2. Cora's text takes no typing in Viewing (she has no Editing); in Suggesting, her mode,
//      she makes two suggestions and Eddie one; Olivia sees three cards, accepts one, rejects
//      one and "Accept all" takes the last; the stored document holds the result.
//   3. With a new thread and a pending suggestion, the Word export imported back has both:
//      the thread with its comment, the tracked change as a suggestion.
//   4. History: the first version is the document as created, "Current version" heads the
//      list, and comparing the first version with the current text shows what changed.
// The second test goes on with the first one's people and document (it does not run alone).
// Screenshots at 1280 and 390 px, light and dark, go to SHOTS_DIR when it is set.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ThreadListResponse } from "../src/shared/contracts/comments";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import type { VersionDetail, VersionList } from "../src/shared/contracts/versions";
import type { DocNode } from "../src/shared/editor/schema.js";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../src/shared/editor/suggestion-names.js";
import { ownerAndMembers } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import type { ApiSession } from "./support/auth.js";
import { editorBody, openInEditor, selectText } from "./support/editor.js";
import { mailTo } from "./support/mailbox.js";
import { shotBothSchemes } from "./support/shots.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FIRST = "Apples are red and pears are green.";
const SECOND = "Plums ripen in late summer.";

const comments = (page: Page) => page.locator("aside[aria-label='Comments']");
const suggestions = (page: Page) => page.locator("aside[aria-label='Suggestions']");
const modes = (page: Page) => page.getByRole("radiogroup", { name: "Mode" });
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Each paragraph's text as written, without the other writers' carets and their name labels. */
const paragraphs = (page: Page) =>
  editorBody(page).evaluate((el) =>
    [...el.querySelectorAll("p")].map((p) => {
      const copy = p.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
      return copy.textContent ?? "";
    }),
  );

/** Each paragraph's text in a stored document (suggested insertions included). */
const storedParagraphs = (content: DocNode) => (content.content ?? []).map((b) => (b.content ?? []).map((n) => n.text ?? "").join(""));

/** Every text run carrying a suggestion: its text, the kind and the author's name. */
const suggestionRuns = (content: DocNode) =>
  (content.content ?? []).flatMap((b) =>
    (b.content ?? []).flatMap((n) => {
      const m = n.marks?.find((x) => x.type === SUGGESTION_INSERT || x.type === SUGGESTION_DELETE);
      return m ? [[n.text, m.type, m.attrs?.authorName]] : [];
    }),
  );

async function openAs(session: ApiSession, documentId: string): Promise<Page> {
  const page = await openInEditor(app.browser, app.server.url, session, documentId, { viewport: DESKTOP });
  app.contexts.push(page.context());
  await expect.poll(() => paragraphs(page), { timeout: 20_000 }).toEqual([FIRST, SECOND]);
  return page;
}

/** Selects `text` and starts a comment on it with Ctrl+Alt+M: the composer's form. */
async function startComment(page: Page, text: string) {
  await editorBody(page).click();
  await selectText(page, text);
  await page.keyboard.press("Control+Alt+KeyM");
  const composer = page.getByRole("form", { name: "New comment" });
  await composer.waitFor({ timeout: 15_000 });
  return composer;
}

/** Opens the comments margin from the toolbar's Comments button, unless it is open. */
async function showComments(page: Page) {
  if ((await comments(page).count()) === 0) await page.getByRole("button", { name: /Comments/ }).first().click();
  await comments(page).waitFor({ timeout: 15_000 });
}

// The people and document both tests share, set by the first.
let olivia: ApiSession;
let cora: ApiSession;
let eddie: ApiSession;
let docId: string;
let oliviaPage: Page;
let coraPage: Page;
let eddiePage: Page;

describe("review together", () => {
  it("Cora comments and mentions Eddie, Eddie replies, Olivia resolves; Cora and Eddie suggest, Olivia decides", { timeout: 240_000 }, async () => {
    const url = app.server.url;
    const setup = await ownerAndMembers(url, {
      ownerName: "Olivia Owner",
      title: "Orchard notes",
      paragraphs: [FIRST, SECOND],
      members: [
        { name: "Cora Commenter", role: "commenter" },
        { name: "Eddie Editor", role: "editor" },
      ],
    });
    olivia = setup.owner;
    [cora, eddie] = setup.members as [ApiSession, ApiSession];
    docId = setup.doc.id;
    oliviaPage = await openAs(olivia, docId);
    eddiePage = await openAs(eddie, docId);
    coraPage = await openAs(cora, docId);

    // 1. Cora comments on "pears are green" and mentions Eddie with the picker.
    const composer = await startComment(coraPage, "pears are green");
    const field = composer.getByRole("textbox", { name: "Comment" });
    await field.pressSequentially("Are these ripe, @Ed");
    const picker = coraPage.getByRole("listbox", { name: "People to mention" });
    await expect.poll(() => picker.textContent(), { timeout: 10_000 }).toContain("Eddie Editor");
    await field.press("Enter");
    await expect.poll(() => field.inputValue()).toBe("Are these ripe, @Eddie Editor ");
    await field.pressSequentially("?");
    await composer.getByRole("button", { name: "Comment" }).click();
    await expect.poll(() => comments(coraPage).getByRole("article").locator("[data-mention]").textContent(), { timeout: 10_000 }).toBe("@Eddie Editor");

    // The mention email to Eddie is in the outbox, with the link to the thread.
    await expect
      .poll(async () => (await mailTo(url, eddie.email)).find((m) => m.subject.includes("mentioned you"))?.subject, { timeout: 15_000 })
      .toBe("Cora Commenter mentioned you in “Orchard notes”");
    const mail = (await mailTo(url, eddie.email)).find((m) => m.subject.includes("mentioned you"))!;
    expect(mail.text).toContain("Are these ripe, @Eddie Editor ?");
    expect(mail.links.find((l) => l.label === "Open the thread")?.url).toContain(`/editor/${docId}?thread=`);

    // Eddie, whose page was open all along, sees the passage marked and the thread, and replies.
    await expect.poll(() => editorBody(eddiePage).locator(".comment-anchor").textContent(), { timeout: 20_000 }).toBe("pears are green");
    await showComments(eddiePage);
    const eddieThread = comments(eddiePage).getByRole("article");
    await expect.poll(() => eddieThread.textContent(), { timeout: 15_000 }).toContain("Are these ripe, @Eddie Editor ?");
    await eddieThread.getByRole("textbox", { name: "Reply" }).fill("Not until October.");
    await eddieThread.getByRole("button", { name: "Reply" }).click();
    await expect.poll(() => eddieThread.textContent(), { timeout: 10_000 }).toContain("Not until October.");
    await shotBothSchemes(eddiePage, "review-thread-1280");

    // Olivia sees the reply and resolves the thread; Cora finds it under Resolved.
    await showComments(oliviaPage);
    const oliviaThread = comments(oliviaPage).getByRole("article");
    await expect.poll(() => oliviaThread.textContent(), { timeout: 15_000 }).toContain("Not until October.");
    await oliviaThread.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => comments(oliviaPage).getByRole("article").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => comments(coraPage).getByRole("article").count(), { timeout: 15_000 }).toBe(0);
    await comments(coraPage).getByRole("radio", { name: /Resolved/ }).click();
    await expect.poll(() => comments(coraPage).getByRole("article").textContent(), { timeout: 10_000 }).toContain("Resolved by Olivia Owner");
    await comments(coraPage).getByRole("radio", { name: /Open/ }).click();
    for (const page of [oliviaPage, coraPage, eddiePage]) await comments(page).getByRole("button", { name: "Close comments" }).click();

    // 2. Cora has no Editing, and in Viewing the text takes no typing.
    expect(await modes(coraPage).getByRole("radio", { name: "Editing" }).count()).toBe(0);
    expect(await modes(coraPage).getByRole("radio", { name: "Suggesting" }).getAttribute("aria-checked")).toBe("true");
    await modes(coraPage).getByRole("radio", { name: "Viewing" }).click();
    await expect.poll(() => editorBody(coraPage).getAttribute("contenteditable")).toBe("false");
    await editorBody(coraPage).click();
    await coraPage.keyboard.type("sneaky words");
    expect(await paragraphs(coraPage)).toEqual([FIRST, SECOND]);
    await modes(coraPage).getByRole("radio", { name: "Suggesting" }).click();
    await expect.poll(() => editorBody(coraPage).getAttribute("contenteditable")).toBe("true");

    // In Suggesting her typing is suggestions: "red" typed over, "late " deleted.
    await selectText(coraPage, "red");
    await coraPage.keyboard.type("crimson");
    await selectText(coraPage, "late ");
    await coraPage.keyboard.press("Backspace");
    await expect.poll(() => editorBody(coraPage).locator("ins.suggestion-insert").allTextContents(), { timeout: 20_000 }).toEqual(["crimson"]);
    expect(await editorBody(coraPage).locator("del.suggestion-delete").allTextContents()).toEqual(["red", "late "]);
    // Eddie switches to Suggesting and types over "Plums".
    await modes(eddiePage).getByRole("radio", { name: "Suggesting" }).click();
    await expect.poll(() => modes(eddiePage).getByRole("radio", { name: "Suggesting" }).getAttribute("aria-checked")).toBe("true");
    await selectText(eddiePage, "Plums");
    await eddiePage.keyboard.type("Damsons");

    // Olivia sees the three cards, named for their authors.
    const cards = suggestions(oliviaPage).getByRole("article");
    const card = (name: string) => suggestions(oliviaPage).getByRole("article", { name, exact: true });
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(3);
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))), { timeout: 30_000 })
      .toEqual([
        "Suggestion by Cora Commenter: Replace “red” with “crimson”",
        "Suggestion by Eddie Editor: Replace “Plums” with “Damsons”",
        "Suggestion by Cora Commenter: Delete “late ”",
      ]);
    await shotBothSchemes(oliviaPage, "review-suggestions-1280");

    // Accept Cora's replacement, reject Eddie's, then Accept all takes Cora's deletion.
    await card("Suggestion by Cora Commenter: Replace “red” with “crimson”").getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
    await card("Suggestion by Eddie Editor: Replace “Plums” with “Damsons”").getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(1);
    await suggestions(oliviaPage).getByRole("button", { name: "Accept all" }).click();
    const decided = ["Apples are crimson and pears are green.", "Plums ripen in summer."];
    await expect.poll(() => paragraphs(oliviaPage), { timeout: 30_000 }).toEqual(decided);
    expect(await editorBody(oliviaPage).locator("ins, del").count()).toBe(0);
    for (const page of [coraPage, eddiePage]) await expect.poll(() => paragraphs(page), { timeout: 30_000 }).toEqual(decided);
    // The stored document holds the result, with no suggestion left in it.
    await expect
      .poll(async () => {
        const stored = await app.api<DocumentRecord>(olivia, "GET", `/api/documents/${docId}`);
        const content = stored.content as DocNode;
        return { text: storedParagraphs(content), pending: suggestionRuns(content) };
      }, { timeout: 30_000 })
      .toEqual({ text: decided, pending: [] });
  });

  it("a new thread and a pending suggestion survive a Word round trip; history shows the first version; the phone fits", { timeout: 240_000 }, async () => {
    const url = app.server.url;
    // 3. Cora starts a thread on "summer" and suggests "scarlet" for "crimson".
    const composer = await startComment(coraPage, "summer");
    await composer.getByRole("textbox", { name: "Comment" }).fill("Which summer?");
    await composer.getByRole("button", { name: "Comment" }).click();
    await expect.poll(() => comments(coraPage).getByRole("article").textContent(), { timeout: 10_000 }).toContain("Which summer?");
    await comments(coraPage).getByRole("button", { name: "Close comments" }).click();
    await selectText(coraPage, "crimson");
    await coraPage.keyboard.type("scarlet");
    await expect.poll(() => suggestions(oliviaPage).getByRole("article").count(), { timeout: 30_000 }).toBe(1);
    const pending = [
      ["crimson", SUGGESTION_DELETE, "Cora Commenter"],
      ["scarlet", SUGGESTION_INSERT, "Cora Commenter"],
    ];
    await expect
      .poll(async () => suggestionRuns((await app.api<DocumentRecord>(olivia, "GET", `/api/documents/${docId}`)).content as DocNode), { timeout: 30_000 })
      .toEqual(pending);

    // Exported to Word and imported back: the thread with its comment, the change as a suggestion.
    const exported = await fetch(`${url}/api/documents/${docId}/export?format=docx`, { headers: { authorization: `Bearer ${olivia.access_token}` } });
    expect(exported.status).toBe(200);
    const bytes = Buffer.from(await exported.arrayBuffer());
    const imported = await app.api<{ results: { id: string }[] }>(olivia, "POST", "/api/import", {
      files: [{ name: "orchard-notes.docx", data: bytes.toString("base64") }],
    });
    const copyId = imported.results[0]!.id;
    const copy = await app.api<DocumentRecord>(olivia, "GET", `/api/documents/${copyId}`);
    expect(suggestionRuns(copy.content as DocNode)).toEqual(pending);
    const { threads } = await app.api<ThreadListResponse>(olivia, "GET", `/api/documents/${copyId}/comments?status=open`);
    expect(threads).toEqual([
      expect.objectContaining({ quote: "summer", resolved: false, comments: [expect.objectContaining({ author_name: "Cora Commenter", body: "Which summer?" })] }),
    ]);
    expect(JSON.stringify(copy.content)).toContain(threads[0]!.anchor_id);

    // 4. History: the oldest version is the document as created.
    const { versions } = await app.api<VersionList>(olivia, "GET", `/api/documents/${docId}/versions`);
    const first = versions.at(-1)!;
    expect(first.kind).toBe("created");
    const firstDetail = await app.api<VersionDetail>(olivia, "GET", `/api/documents/${docId}/versions/${first.id}`);
    expect(storedParagraphs(firstDetail.content)).toEqual([FIRST, SECOND]);
    // In Olivia's panel, "Current version" heads the list; the first version compared with the
    // current text shows what the review changed.
    await oliviaPage.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "History" }).click();
    const panel = oliviaPage.getByRole("complementary", { name: "Version history" });
    const firstRow = panel.getByTestId("version-row").filter({ hasText: "First version" });
    await firstRow.waitFor({ timeout: 20_000 });
    expect(await panel.locator("[data-testid='current-version-row'], [data-testid='version-row']").first().getAttribute("data-testid")).toBe("current-version-row");
    await firstRow.getByRole("button", { name: /First version/ }).click();
    const preview = panel.getByTestId("version-preview");
    await expect.poll(() => preview.textContent(), { timeout: 15_000 }).toContain("Plums ripen in late summer.");
    await panel.getByRole("radio", { name: "the current version" }).check();
    await expect.poll(() => panel.getByTestId("version-changes").textContent(), { timeout: 15_000 }).toContain("from this version to the current text");
    await expect.poll(() => preview.locator("del").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("red"), expect.stringContaining("late")]));
    expect((await preview.locator("ins").allTextContents()).join(" ")).toContain("crimson");
    await shotBothSchemes(oliviaPage, "review-history-1280");

    // 5. On a 390 px phone: Olivia's history as a sheet; Cora's comments and suggestions as sheets.
    await oliviaPage.setViewportSize(PHONE);
    const historySheet = oliviaPage.getByRole("dialog", { name: "Version history" });
    await historySheet.waitFor({ timeout: 15_000 });
    expect(await sidewaysOverflow(oliviaPage)).toBeLessThanOrEqual(0);
    await shotBothSchemes(oliviaPage, "review-history-390");

    await coraPage.setViewportSize(PHONE);
    await coraPage.getByRole("button", { name: /Comments/ }).first().click();
    const commentSheet = coraPage.getByRole("dialog", { name: "Comments" });
    await expect.poll(() => commentSheet.getByRole("article").textContent(), { timeout: 15_000 }).toContain("Which summer?");
    expect(await sidewaysOverflow(coraPage)).toBeLessThanOrEqual(0);
    await shotBothSchemes(coraPage, "review-comments-390");
    await commentSheet.getByRole("button", { name: "Close comments" }).click();
    await expect.poll(() => commentSheet.count()).toBe(0);
    await coraPage.getByRole("button", { name: "1 suggestion" }).click();
    const suggestionSheet = coraPage.getByRole("dialog", { name: "Suggestions" });
    await expect.poll(() => suggestionSheet.getByRole("article").getAttribute("aria-label"), { timeout: 15_000 }).toBe(
      "Suggestion by Cora Commenter: Replace “crimson” with “scarlet”",
    );
    expect(await suggestionSheet.getByRole("button", { name: "Withdraw" }).count()).toBe(1);
    expect(await sidewaysOverflow(coraPage)).toBeLessThanOrEqual(0);
    await shotBothSchemes(coraPage, "review-suggestions-390");
  });
});
