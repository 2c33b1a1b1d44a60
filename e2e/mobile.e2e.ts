// Phones and tablets: every page fits a 360 px screen without sideways scrolling; the editor
// keeps a full-width text column on a phone, with the document panel as a sheet, a formatting
// bar at the bottom and a header whose parts never overlap; on a desktop the
// formatting toolbar stays in view down a long document; axe finds nothing serious on the
// editor, the dashboard and the shared view, light and dark. Screenshots go to /tmp/shots.
import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { apiRequest } from "./support/api.js";
import { animationsDone, seriousViolations } from "./support/a11y.js";

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const SHOTS = "/tmp/shots";

let server: RunningServer;
let browser: Browser;

const api = <T>(session: ApiSession | null, method: string, path: string, body?: unknown) => apiRequest<T>(server.url, session, method, path, body);

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const SENTENCE =
  "Draftsmith keeps the words you write on a small screen as readable as on a large one, and a long sentence like this one shows where the column ends.";

/** How far the page scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function newContext(viewport: { width: number; height: number }, session: ApiSession | null, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({ viewport, colorScheme });
  if (session) await putSessionInContext(context, server.url, session);
  return context;
}

describe("phones, tablets and long documents", () => {
  withAppAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  let session: ApiSession;
  let docId: string;
  let longDocId: string;
  let checkoutUrl: string;

  beforeAll(async () => {
    session = await signUpViaApi(server.url);
    const doc = await api<{ id: string }>(session, "POST", "/api/documents", {
      title: "A chapter written on the train with a title long enough to need truncating",
      content: { type: "doc", content: [paragraph(SENTENCE), paragraph(SENTENCE)] },
    });
    docId = doc.id;
    await api(session, "PUT", `/api/documents/${docId}/share`, { isPublic: true });
    const long = await api<{ id: string }>(session, "POST", "/api/documents", {
      title: "Long document",
      content: { type: "doc", content: Array.from({ length: 80 }, (_, i) => paragraph(`Paragraph ${i + 1}. ${SENTENCE}`)) },
    });
    longDocId = long.id;
    // The built-in test checkout (no Stripe key), as a guest would reach it from the pricing cards.
    checkoutUrl = (await api<{ url: string }>(null, "POST", "/api/stripe/create-checkout-session", { priceId: "price_creator_monthly" })).url;
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  /** Each page as a user reaches it, with what shows it has rendered. */
  const PAGES: { name: string; signedIn: boolean; open: (page: Page) => Promise<void> }[] = [
    {
      name: "landing",
      signedIn: false,
      open: async (p) => {
        await p.goto(`${server.url}/`);
        await p.getByRole("heading", { level: 1 }).first().waitFor();
      },
    },
    {
      name: "pricing",
      signedIn: false,
      open: async (p) => {
        await p.goto(`${server.url}/#pricing`);
        await p.locator("#pricing").getByRole("heading").first().waitFor();
      },
    },
    {
      name: "signup",
      signedIn: false,
      open: async (p) => {
        await p.goto(`${server.url}/signup`);
        await p.getByRole("heading", { level: 1 }).first().waitFor();
      },
    },
    {
      name: "checkout",
      signedIn: false,
      open: async (p) => {
        await p.goto(checkoutUrl);
        await p.getByTestId("checkout-price").waitFor();
      },
    },
    {
      name: "shared view",
      signedIn: false,
      open: async (p) => {
        await p.goto(`${server.url}/shared/${docId}`);
        await p.locator(".document-content").getByText(SENTENCE).first().waitFor();
      },
    },
    {
      name: "dashboard",
      signedIn: true,
      open: async (p) => {
        await p.goto(`${server.url}/`);
        await p.getByText("Long document").first().waitFor();
      },
    },
    {
      name: "dashboard pricing",
      signedIn: true,
      open: async (p) => {
        await p.goto(`${server.url}/#pricing`);
        await p.getByText("Long document").first().waitFor();
      },
    },
    {
      name: "settings",
      signedIn: true,
      open: async (p) => {
        await p.goto(`${server.url}/editor/${docId}`);
        await p.getByRole("button", { name: /Account settings/ }).click();
        await p.getByRole("dialog", { name: "Account Settings" }).waitFor();
      },
    },
    {
      name: "editor",
      signedIn: true,
      open: async (p) => {
        await p.goto(`${server.url}/editor/${docId}`);
        await p.locator(".draftsmith-prose").getByText(SENTENCE).first().waitFor();
      },
    },
  ];

  for (const viewport of PHONES) {
    it(`fits every page into ${viewport.width} px without sideways scrolling`, async () => {
      const found: string[] = [];
      const contexts: Record<"in" | "out", BrowserContext> = {
        out: await newContext(viewport, null),
        in: await newContext(viewport, session),
      };
      for (const { name, signedIn, open } of PAGES) {
        const p = await contexts[signedIn ? "in" : "out"].newPage();
        await open(p);
        await animationsDone(p);
        const overflow = await sidewaysOverflow(p);
        if (overflow > 0) found.push(`${name}: ${overflow} px too wide`);
        // A dialog that is wider than the screen hides its own edges even when the page fits.
        for (const box of await p.getByRole("dialog").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
          if (box.left < 0 || box.right > viewport.width) found.push(`${name}: dialog runs from ${box.left} to ${box.right}`);
        }
        await p.close();
      }
      await contexts.in.close();
      await contexts.out.close();
      expect(found).toEqual([]);
    });

    it(`gives the editor a full text column, a sheet for the panel and a header that never overlaps at ${viewport.width}×${viewport.height}`, async () => {
      const context = await newContext(viewport, session);
      const page = await context.newPage();
      await page.goto(`${server.url}/editor/${docId}`);
      const prose = page.locator(".draftsmith-prose");
      await prose.getByText(SENTENCE).first().waitFor();

      // The text column takes the screen; the panel starts closed.
      expect((await prose.boundingBox())!.width).toBeGreaterThanOrEqual(300);
      expect(await page.getByRole("complementary", { name: "Document panel" }).count()).toBe(0);

      // The editor's toolbar (panel, Focus, AI Assistant, Rewrite, Share, Export) keeps to one
      // row, measured once the web fonts are in (a fallback font's wider labels could wrap it).
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const rowTops = await page
        .getByRole("toolbar", { name: "Editor" })
        .getByRole("button")
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(rowTops).size).toBe(1);

      // The panel opens as a sheet with focus inside it, and closes back to its button.
      const opener = page.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Document panel" });
      await opener.click();
      const sheet = page.getByRole("dialog", { name: "Document panel" });
      await sheet.getByRole("heading", { name: "Document Stats" }).waitFor();
      await animationsDone(page);
      const sheetBox = (await sheet.boundingBox())!;
      expect(sheetBox.x).toBeGreaterThanOrEqual(0);
      expect(sheetBox.x + sheetBox.width).toBeLessThanOrEqual(viewport.width);
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await sheet.getByRole("button", { name: "Smart Improve" }).isVisible()).toBe(true);
      await sheet.getByRole("button", { name: "Close panel" }).click();
      await expect.poll(() => sheet.count()).toBe(0);
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
      // Escape closes it too.
      await opener.click();
      await sheet.waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => sheet.count()).toBe(0);
      // Turned to landscape on a tablet the panel moves beside the text, and turned back it stays out of the way.
      await opener.click();
      await sheet.waitFor();
      await page.setViewportSize({ width: 1024, height: viewport.width });
      await page.getByRole("complementary", { name: "Document panel" }).waitFor();
      expect(await sheet.count()).toBe(0);
      await page.setViewportSize(viewport);
      await expect.poll(() => page.getByRole("complementary", { name: "Document panel" }).count()).toBe(0);
      expect(await sheet.count()).toBe(0);
      expect((await prose.boundingBox())!.width).toBeGreaterThanOrEqual(300);

      // The formatting bar sits at the bottom, inside the screen; alignment is in its "More" sheet.
      const toolbar = page.getByRole("toolbar", { name: "Formatting" });
      const toolbarBox = (await toolbar.boundingBox())!;
      expect(toolbarBox.x).toBeGreaterThanOrEqual(0);
      expect(toolbarBox.x + toolbarBox.width).toBeLessThanOrEqual(viewport.width);
      expect(toolbarBox.y + toolbarBox.height).toBeLessThanOrEqual(viewport.height);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await prose.getByText(SENTENCE).first().click();
      await toolbar.getByRole("button", { name: "More formatting" }).click();
      const justify = page.getByRole("dialog", { name: "Formatting" }).getByRole("button", { name: "Align justify" });
      await justify.click();
      await expect.poll(() => prose.locator("p").first().evaluate((el) => getComputedStyle(el).textAlign)).toBe("justify");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog", { name: "Formatting" }).count()).toBe(0);

      // Header parts sit side by side, on screen, also with the longest save status.
      const header = page.getByRole("banner");
      const parts = [
        header.getByRole("link", { name: "Documents" }),
        header.getByTestId("breadcrumb-title"),
        header.locator("[data-save-status]"),
        header.getByLabel(/^Connection: /),
        header.getByRole("button", { name: /Account settings/ }),
      ];
      const checkHeader = async () => {
        const boxes = await Promise.all(parts.map(async (l) => (await l.boundingBox())!));
        const problems: string[] = [];
        boxes.forEach((a, i) => {
          if (a.x < 0 || a.x + a.width > viewport.width) problems.push(`part ${i} off screen`);
          boxes.forEach((b, j) => {
            if (j > i && overlaps(a, b)) problems.push(`parts ${i} and ${j} overlap`);
          });
        });
        return problems;
      };
      expect(await checkHeader()).toEqual([]);
      await context.setOffline(true);
      // Typed at the end, so every run still finds SENTENCE whole.
      await prose.getByText(SENTENCE).first().click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type(" More.");
      await expect.poll(() => header.locator("[data-save-status]").getAttribute("data-save-status")).toBe("offline");
      expect(await checkHeader()).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/editor-offline-${viewport.width}-light.png` });
      await context.setOffline(false);
      await expect.poll(() => header.locator("[data-save-status]").getAttribute("data-save-status")).toBe("saved");
      await context.close();
    });
  }

  it("keeps the formatting toolbar in view down a long document on a desktop", async () => {
    const context = await newContext(DESKTOP, session);
    const page = await context.newPage();
    await page.goto(`${server.url}/editor/${longDocId}`);
    const prose = page.locator(".draftsmith-prose");
    await prose.getByText("Paragraph 1.", { exact: false }).first().waitFor();
    // The panel sits beside the text on a wide screen.
    await page.getByRole("complementary", { name: "Document panel" }).waitFor();

    await prose.getByText("Paragraph 80.", { exact: false }).scrollIntoViewIfNeeded();
    await expect.poll(() => prose.getByText("Paragraph 1.", { exact: false }).first().evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(0);
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const box = (await toolbar.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    // Nothing covers it: the point under its Bold button is that button.
    const bold = toolbar.getByRole("button", { name: "Bold" });
    expect(
      await bold.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/editor-long-1280-light.png` });
    await context.close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`has no serious or critical axe violations on the editor, the dashboard and the shared view (${theme})`, async () => {
      const found: string[] = [];
      for (const viewport of [PHONES[1], DESKTOP]) {
        const context = await newContext(viewport, session, theme);
        const p = await context.newPage();
        const shot = (name: string) => p.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-${theme}.png` });
        for (const name of ["editor", "dashboard", "shared view"]) {
          await PAGES.find((x) => x.name === name)!.open(p);
          found.push(...(await seriousViolations(p)).map((v) => `${viewport.width} ${name}: ${v}`));
          await shot(name.replace(" ", "-"));
        }
        if (viewport.width < 768) {
          await PAGES.find((x) => x.name === "editor")!.open(p);
          await p.getByRole("toolbar", { name: "Editor" }).getByRole("button", { name: "Document panel" }).click();
          await p.getByRole("dialog", { name: "Document panel" }).waitFor();
          found.push(...(await seriousViolations(p)).map((v) => `${viewport.width} panel sheet: ${v}`));
          await shot("editor-panel");
        }
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }
});
