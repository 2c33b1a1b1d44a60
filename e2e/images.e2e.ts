// Pictures in Chromium: inserted from the toolbar with the required alt text, pasted, seen
// live by a co-editor (a member, through their own access), kept after a reload, and
// inserted from the toolbar on a 390 px phone.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buyPlan, inviteAndAccept } from "./support/api.js";
import { signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { editorBody, openInEditor } from "./support/editor.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const png = (background: string, width = 120, height = 80) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** Pictures shown in `page`'s editor that have loaded: their alt texts, in order. */
const loadedAlts = (page: Page) =>
  editorBody(page).evaluate((el) =>
    [...el.querySelectorAll<HTMLImageElement>("figure img")].filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.alt),
  );

async function settle(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ProseMirror"))).toBe(true);
}

/** Fills the alt text prompt; first checks that it will not insert without one. */
async function describePicture(page: Page, alt: string, caption?: string) {
  const dialog = page.getByRole("dialog", { name: /Describe this picture/ });
  await dialog.waitFor({ state: "visible" });
  await dialog.getByRole("button", { name: "Insert picture" }).click();
  await expect.poll(() => dialog.getByText("Describe the picture to insert it.").count()).toBe(1);
  await dialog.getByLabel("Alt text (required)").fill(alt);
  if (caption) await dialog.getByLabel("Caption (optional)").fill(caption);
  await dialog.getByRole("button", { name: "Insert picture" }).click();
  await dialog.waitFor({ state: "hidden" });
}

async function paste(page: Page, bytes: Buffer, name: string) {
  await editorBody(page).evaluate(
    (el, { b64, name }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/png" }));
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { b64: bytes.toString("base64"), name },
  );
}

describe("pictures in the editor", () => {
  it("upload with alt text, paste, a co-editor sees both live, a reload keeps them", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    const member = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, owner, "professional");
    const doc = await app.api<DocumentRecord>(owner, "POST", "/api/documents", {
      title: "Pictures",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Intro" }] }] },
    });
    await inviteAndAccept(app.server.url, owner, doc.id, member, "editor");
    const writer = await openInEditor(app.browser, app.server.url, owner, doc.id);
    const coEditor = await openInEditor(app.browser, app.server.url, member, doc.id);
    app.contexts.push(writer.context(), coEditor.context());

    await editorBody(writer).click();
    await writer.keyboard.press("End");
    await settle(writer);
    const [chooser] = await Promise.all([writer.waitForEvent("filechooser"), writer.getByRole("button", { name: "Insert picture" }).click()]);
    await chooser.setFiles({ name: "red.png", mimeType: "image/png", buffer: await png("#c22") });
    await describePicture(writer, "A red square", "Figure 1");
    await expect.poll(() => loadedAlts(writer)).toEqual(["A red square"]);
    await expect.poll(() => editorBody(writer).locator("figcaption").textContent()).toBe("Figure 1");

    // Pasted from the clipboard.
    await paste(writer, await png("#27c"), "pasted.png");
    await describePicture(writer, "A blue square");
    await expect.poll(() => loadedAlts(writer).then((alts) => alts.sort())).toEqual(["A blue square", "A red square"]);

    // The co-editor sees both, fetched with their own access.
    await expect.poll(() => loadedAlts(coEditor).then((alts) => alts.sort())).toEqual(["A blue square", "A red square"]);

    // Stored as image blocks naming stored pictures; a reload shows them again.
    await expect
      .poll(async () => {
        const stored = await app.api<DocumentRecord>(owner, "GET", `/api/documents/${doc.id}`);
        return (stored.content.content ?? []).filter((n) => n.type === "image").map((n) => String(n.attrs?.src).replace(/[0-9a-f-]{36}$/, "ID"));
      })
      .toEqual(["/api/images/ID", "/api/images/ID"]);
    await writer.reload();
    await editorBody(writer).waitFor({ state: "visible" });
    await expect.poll(() => loadedAlts(writer).then((alts) => alts.sort())).toEqual(["A blue square", "A red square"]);
  });

  it("on a 390 px phone a picture goes in from the toolbar and fits the screen", { timeout: 90_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    const doc = await app.api<DocumentRecord>(owner, "POST", "/api/documents", { title: "Phone" });
    const phone = await openInEditor(app.browser, app.server.url, owner, doc.id, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    app.contexts.push(phone.context());
    await editorBody(phone).click();
    await settle(phone);
    // On a phone the picture is in the formatting bar's "More" sheet; its press opens the file chooser.
    await phone.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "More formatting" }).tap();
    const insert = phone.getByRole("dialog", { name: "Formatting" }).getByRole("button", { name: "Insert picture", exact: true });
    await insert.scrollIntoViewIfNeeded();
    const [chooser] = await Promise.all([phone.waitForEvent("filechooser"), insert.tap()]);
    await chooser.setFiles({ name: "wide.png", mimeType: "image/png", buffer: await png("#2a2", 1600, 400) });
    await describePicture(phone, "A wide green band");
    await expect.poll(() => loadedAlts(phone)).toEqual(["A wide green band"]);
    const box = await editorBody(phone).locator("figure img").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
