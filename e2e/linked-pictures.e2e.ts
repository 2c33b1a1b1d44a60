// A linked picture (a picture on another site, kept by its address) in Chromium: the editor
// shows a card with its description and site and loads nothing from that site until the
// reader presses "Show picture" (Enter on the selected picture here; Tab and Enter in the shared view); then the picture shows, which the
// page's Content-Security-Policy must allow, and the other site learns nothing of the page
// it is shown on (no referrer). A share link's visitor sees the same card. The other site is a server of this test on 127.0.0.1, a
// different origin from the app's. A relative picture (an address beside the original file)
// shows a card with no "Show picture" button, the page never asks for it, and its "Upload
// picture" button puts the uploaded file in its place.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyPlan } from "./support/api.js";
import { putSessionInContext, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import { caretAtBlockEnd, editorBody, openInEditor } from "./support/editor.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });

const requests: { url: string; referer: string | undefined }[] = [];
let picture: Buffer;
let other: http.Server;
let otherUrl = "";

beforeAll(async () => {
  picture = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#2a7" } }).png().toBuffer();
  other = http.createServer((req, res) => {
    requests.push({ url: req.url ?? "", referer: req.headers.referer });
    res.writeHead(200, { "content-type": "image/png", "content-length": picture.length });
    res.end(picture);
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => other?.close(resolve));
});

describe("linked pictures in the editor", () => {
  it("show a card and load nothing until the reader asks; then the picture shows, sent without a referrer", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, owner, "professional");
    const src = `${otherUrl}/cat.png`;
    const doc = await app.api<DocumentRecord>(owner, "POST", "/api/documents", {
      title: "Linked",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Intro" }] }, { type: "image", attrs: { src, alt: "A green cat" } }, { type: "paragraph" }] },
    });
    const page = await openInEditor(app.browser, app.server.url, owner, doc.id);
    app.contexts.push(page.context());

    const card = editorBody(page).getByRole("group", { name: /Linked picture: A green cat, from 127\.0\.0\.1/ });
    await card.waitFor({ state: "visible" });
    await expect.poll(() => card.textContent()).toContain("A green cat");
    await expect.poll(() => card.textContent()).toContain("Linked from 127.0.0.1");
    // Nothing asked of the other site yet.
    await new Promise((r) => setTimeout(r, 500));
    expect(requests).toEqual([]);

    // From the keyboard: the caret after "Intro", a right arrow selects the picture, Enter shows it.
    await editorBody(page).getByText("Intro").click();
    await page.keyboard.press("End");
    // The editor has read the caret's move before the arrow key is pressed (support/editor.ts).
    await caretAtBlockEnd(page, "Intro");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => editorBody(page).locator("figure.ds-image-selected").count()).toBe(1);
    await page.keyboard.press("Enter");
    const shown = () =>
      editorBody(page).evaluate((el) => [...el.querySelectorAll<HTMLImageElement>("figure img")].filter((img) => img.complete && img.naturalWidth > 0).map((img) => [img.alt, img.naturalWidth]));
    await expect.poll(shown).toEqual([["A green cat", 60]]);
    expect(requests).toEqual([{ url: "/cat.png", referer: undefined }]);
    await expect.poll(() => card.isVisible()).toBe(false);

    // The document still holds the address only.
    const saved = await app.api<DocumentRecord>(owner, "GET", `/api/documents/${doc.id}`);
    expect(saved.content.content?.[1]?.attrs).toMatchObject({ src, alt: "A green cat" });

    // A visitor of the share link sees the same card: shown in one browser, not for the next.
    await app.api(owner, "PUT", `/api/documents/${doc.id}/share`, { isPublic: true });
    const visitorContext = await app.browser.newContext();
    app.contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${app.server.url}/shared/${doc.id}`);
    const sharedCard = visitor.getByRole("group", { name: /Linked picture: A green cat, from 127\.0\.0\.1/ });
    await sharedCard.waitFor({ state: "visible", timeout: 30_000 });
    expect(requests).toHaveLength(1);
    // Its button is in the page's tab order.
    const show = sharedCard.getByRole("button", { name: /Show picture from 127\.0\.0\.1/ });
    for (let i = 0; i < 30 && !(await show.evaluate((b) => b === document.activeElement)); i++) await visitor.keyboard.press("Tab");
    expect(await show.evaluate((b) => b === document.activeElement)).toBe(true);
    await visitor.keyboard.press("Enter");
    await expect.poll(() => requests.length).toBe(2);
    await expect.poll(() => visitor.evaluate(() => [...document.querySelectorAll<HTMLImageElement>("figure img")].some((img) => img.complete && img.naturalWidth === 60))).toBe(true);
  });
});

describe("relative pictures in the editor", () => {
  it("an imported picture beside the original file shows its card, the page never asks for it, and the card uploads its file", { timeout: 120_000 }, async () => {
    const owner = await signUpViaApi(app.server.url);
    const md = "# Trains\n\nIntro\n\n![A red train](docs/train.jpg \"The 8:15\")\n";
    const imported = await app.api<{ results: { status: string; id: string; notes: string[] }[] }>(owner, "POST", "/api/import", {
      files: [{ name: "trains.md", data: Buffer.from(md).toString("base64") }],
    });
    const [result] = imported.results;
    expect(result?.notes.join("\n")).toMatch(/1 picture named by its address relative to the original file is kept/);

    // Every request the page makes, from the first.
    const asked: string[] = [];
    const context = await app.browser.newContext();
    app.contexts.push(context);
    context.on("request", (req) => asked.push(req.url()));
    await putSessionInContext(context, app.server.url, owner);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/editor/${result!.id}`);

    const card = editorBody(page).getByRole("group", { name: /Picture from the original file: A red train, docs\/train\.jpg/ });
    await card.waitFor({ state: "visible" });
    await expect.poll(() => card.textContent()).toContain("Picture from the original file (docs/train.jpg): upload it to show it here.");
    expect(await card.getByRole("button", { name: /Show picture/ }).count()).toBe(0);
    await expect.poll(() => editorBody(page).locator("figcaption").first().textContent()).toBe("The 8:15");
    // Selected, Enter shows nothing either (there is nothing to show).
    await editorBody(page).getByText("Intro").click();
    await page.keyboard.press("End");
    // The editor has read the caret's move before the arrow key is pressed (support/editor.ts).
    await caretAtBlockEnd(page, "Intro");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => editorBody(page).locator("figure.ds-image-selected").count()).toBe(1);
    await page.keyboard.press("Enter");
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await editorBody(page).evaluate((el) => [...el.querySelectorAll("figure img")].filter((img) => img.hasAttribute("src")).length)).toBe(0);
    // None of the page's requests names the picture.
    const saved = await app.api<DocumentRecord>(owner, "GET", `/api/documents/${result!.id}`);
    expect(JSON.stringify(saved.content)).toContain('"src":"docs/train.jpg"');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((url) => url.includes("train.jpg"))).toEqual([]);

    // Its file uploaded from the card: the picture shows, keeping its description and caption.
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), card.getByRole("button", { name: /Upload the picture docs\/train\.jpg: A red train/ }).click()]);
    await chooser.setFiles({ name: "train.png", mimeType: "image/png", buffer: picture });
    await expect
      .poll(() => editorBody(page).evaluate((el) => [...el.querySelectorAll<HTMLImageElement>("figure img")].filter((img) => img.complete && img.naturalWidth > 0).map((img) => [img.alt, img.naturalWidth])))
      .toEqual([["A red train", 60]]);
    await expect.poll(() => card.isVisible()).toBe(false);
    await expect
      .poll(async () => (await app.api<DocumentRecord>(owner, "GET", `/api/documents/${result!.id}`)).content.content?.find((n) => n.type === "image")?.attrs)
      .toMatchObject({ src: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/), alt: "A red train", caption: "The 8:15" });
    expect(asked.filter((url) => url.includes("train.jpg"))).toEqual([]);
  });
});
