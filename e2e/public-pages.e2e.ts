// Public pages end to end: the landing page's texts, live demo and calls to action, the
// legal, status and not-found pages, speed (no editor code, no layout shift), responsive
// layout, keyboard focus, titles, and axe checks on every public and signed-in page.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { putSessionInContext, signUpViaApi } from "./support/auth.js";
import { withAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { seriousViolations } from "./support/a11y.js";
import { apiRequest } from "./support/api.js";
import type { DocumentRecord } from "../src/shared/contracts/documents";

/** Installs a fake clock that stands still: time moves only through `advance`. */
async function pauseClock(page: Page) {
  const start = new Date("2026-01-05T09:00:00Z").getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/** Loads `path` under the stopped clock, moving it on only as far as React needs to show the page. */
async function gotoPaused(page: Page, url: string) {
  await page.goto(url);
  const demo = page.getByTestId("typing-demo");
  for (let i = 0; i < 100 && !(await demo.isVisible()); i++) await advance(page, 100);
  await demo.waitFor({ timeout: 1000 });
}

/**
 * Moves the page's fake clock in 100 ms steps, letting React render between steps (its
 * scheduler runs on MessageChannel, which the fake clock leaves alone) so that timers a
 * render schedules are in place before the clock passes them.
 */
async function advance(page: Page, ms: number) {
  for (let t = 0; t < ms; t += 100) {
    await page.clock.runFor(100);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

const metaDescription = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "");

describe("public pages", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  withAppAndBrowser((s, b) => {
    server = s;
    browser = b;
  }, { startTimeoutMs: 120_000 });

  async function landing(opts: { reducedMotion?: "reduce" | "no-preference"; width?: number } = {}) {
    const context = await browser.newContext({
      reducedMotion: opts.reducedMotion ?? "no-preference",
      viewport: { width: opts.width ?? 1280, height: 900 },
    });
    page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    return page;
  }

  it("shows the spec's texts, title and description", async () => {
    const p = await landing();
    for (const text of ["Start Writing for Free", "No credit card required", "Create Account & Start Writing"]) {
      expect(await p.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    expect(await p.getByRole("button", { name: "Start Writing", exact: true }).isVisible()).toBe(true);
    expect(await p.getByRole("button", { name: "Sign in", exact: true }).isVisible()).toBe(true);
    for (const text of ["Context-aware completion", "Instant document refactor", "Always-on autosave"]) {
      expect(await p.getByRole("heading", { name: text }).isVisible(), text).toBe(true);
    }
    // What a document can become, in place of logos of services nothing connects to.
    const formats = p.getByRole("list", { name: "Export formats" });
    for (const text of ["PDF", "Word", "Markdown", "HTML", "Plain text", "Share link"]) {
      expect(await formats.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    // The pricing cards load as the visitor scrolls towards them.
    await p.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await p.locator("#pricing").waitFor();
    expect(await p.getByText("All plans include our 14-day money-back guarantee", { exact: false }).count()).toBe(1);
    expect(await p.getByText("© 2025 Draftsmith", { exact: false }).isVisible()).toBe(true);
    expect(await p.title()).toContain("Draftsmith");
    expect(await metaDescription(p)).toMatch(/no credit card required/i);
    await p.context().close();
  });

  it("animates the demos on the spec's clock: 100 ms typing with a 2 s pause, 2 s, 3 s and 1 s toggles", async () => {
    const context = await browser.newContext({ reducedMotion: "no-preference" });
    const p = await context.newPage();
    await pauseClock(p);
    await gotoPaused(p, `${server.url}/`);
    const typing = p.getByTestId("typing-demo");
    const len = async () => (await typing.textContent())!.length;
    const l0 = await len();
    await advance(p, 1000);
    expect(await len()).toBe(l0 + 10);
    // Type to the end of the phrase (detected one tick later); it stays whole for 2 s,
    // then the next phrase starts from empty.
    let prev = -1;
    let guard = 0;
    while ((await len()) !== prev && guard++ < 300) {
      prev = await len();
      await advance(p, 100);
    }
    const full = await typing.textContent();
    await advance(p, 1800);
    expect(await typing.textContent()).toBe(full);
    await advance(p, 200);
    expect(await len()).toBeLessThanOrEqual(1);

    const completion = p.getByTestId("completion-demo");
    const c0 = await completion.getAttribute("data-suggestion");
    await advance(p, 2000);
    const c1 = await completion.getAttribute("data-suggestion");
    expect(c1).not.toBe(c0);
    await advance(p, 2000);
    expect(await completion.getAttribute("data-suggestion")).toBe(c0);

    const refactor = p.getByTestId("refactor-demo");
    const r0 = await refactor.getAttribute("data-state");
    await advance(p, 3000);
    expect(await refactor.getAttribute("data-state")).not.toBe(r0);

    const saved = p.getByTestId("autosave-demo");
    const n = async () => Number(/Saved (\d+) seconds? ago/.exec((await saved.textContent())!)![1]);
    const seen: number[] = [];
    for (let i = 0; i < 21; i++) {
      seen.push(await n());
      await advance(p, 1000);
    }
    const start = seen.indexOf(1);
    expect(seen.slice(start, start + 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
    await context.close();
  });

  it("animates in real time without shifting the layout", async () => {
    const p = await landing();
    const typing = p.getByTestId("typing-demo");
    const first = await typing.textContent();
    await expect.poll(() => typing.textContent(), { timeout: 5000 }).not.toBe(first);
    const saved = p.getByTestId("autosave-demo");
    const s0 = await saved.textContent();
    await expect.poll(() => saved.textContent(), { timeout: 4000 }).not.toBe(s0);
    const refactor = p.getByTestId("refactor-demo");
    const r0 = await refactor.getAttribute("data-state");
    await expect.poll(() => refactor.getAttribute("data-state"), { timeout: 7000 }).not.toBe(r0);
    const cls = await p.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!e.hadRecentInput) total += e.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(cls).toBeLessThan(0.05);
    await p.context().close();
  });

  it("holds the demos still for prefers-reduced-motion", async () => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const p = await context.newPage();
    await pauseClock(p);
    await gotoPaused(p, `${server.url}/`);
    const typing = p.getByTestId("typing-demo");
    const text = await typing.textContent();
    expect(text!.length).toBeGreaterThan(40); // the whole phrase, not an empty line
    const saved = await p.getByTestId("autosave-demo").textContent();
    const refactor = await p.getByTestId("refactor-demo").getAttribute("data-state");
    await advance(p, 5000);
    expect(await typing.textContent()).toBe(text);
    expect(await p.getByTestId("autosave-demo").textContent()).toBe(saved);
    expect(await p.getByTestId("refactor-demo").getAttribute("data-state")).toBe(refactor);
    await context.close();
  });

  it("loads no editor code on the landing page", async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    // Bodies are collected as promises so none is still in flight when they are checked.
    const bodies: Promise<string>[] = [];
    p.on("response", (res) => {
      if (res.url().endsWith(".js")) bodies.push(res.text().then((text) => `${res.url()}\n${text}`, () => `${res.url()}\n`));
    });
    await p.goto(`${server.url}/`, { waitUntil: "networkidle" });
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      expect(/prosemirror|@tiptap/i.test(s), s.split("\n")[0]).toBe(false);
      expect(s.split("\n")[0]).not.toMatch(/EditorPage/);
    }
    await context.close();
  });

  it("opens the sign-up dialog from every call to action, and sign-in from Sign in", async () => {
    const p = await landing();
    for (const name of ["Start Writing", "Start Writing for Free", "Create Account & Start Writing"]) {
      await p.getByRole("button", { name, exact: true }).first().click();
      const dialog = p.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.getByLabel(/full name/i).isVisible(), name).toBe(true);
      await p.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }
    await p.getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = p.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByLabel(/full name/i).count()).toBe(0);
    expect(await dialog.getByLabel(/password/i).first().isVisible()).toBe(true);
    await p.keyboard.press("Escape");
    await p.context().close();
  });

  it("carries what was typed in the teaser into the real sign-up", async () => {
    const p = await landing();
    await p.getByLabel("Full name").fill("Ada Lovelace");
    await p.getByLabel("Email").fill("ada@example.com");
    await p.getByLabel("Password").fill("analytical-engine");
    await p.getByRole("button", { name: "Create Account & Start Writing" }).click();
    const dialog = p.getByRole("dialog");
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel(/full name/i).inputValue()).toBe("Ada Lovelace");
    expect(await dialog.getByLabel(/email/i).inputValue()).toBe("ada@example.com");
    expect(await dialog.getByLabel(/^password/i).first().inputValue()).toBe("analytical-engine");
    await p.context().close();
  });

  it("footer links reach Privacy, Terms and a live Status page; Back to Home returns", async () => {
    const p = await landing();
    // The pricing cards load as the visitor scrolls towards them and push the footer down; click once they are in.
    await p.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await p.locator("#pricing").waitFor();
    const footer = p.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Privacy" }).click();
    await p.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(p.url()).toBe(`${server.url}/privacy`);
    await p.getByRole("link", { name: "Back to Home" }).click();
    await p.getByRole("button", { name: "Start Writing for Free" }).waitFor();
    await p.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await p.locator("#pricing").waitFor(); // loaded on the way down; the footer then stays put

    await p.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
    await p.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    await p.getByRole("link", { name: "Back to Home" }).click();
    await p.getByRole("button", { name: "Start Writing for Free" }).waitFor();
    await p.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await p.locator("#pricing").waitFor(); // loaded on the way down; the footer then stays put

    await p.getByRole("contentinfo").getByRole("link", { name: "Status" }).click();
    await p.getByRole("heading", { level: 1, name: "System Status" }).waitFor();
    expect(p.url()).toBe(`${server.url}/status`);
    await p.context().close();
  });

  it("states the legal commitments with today's date", async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    const today = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
    await p.goto(`${server.url}/terms`);
    await p.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    const terms = (await p.locator("main").textContent())!;
    for (const s of ["99.9%", "30 days notice", "13 years old", "monthly or annually", "limited to 3 documents", "within 30 days"]) {
      expect(terms, s).toContain(s);
    }
    expect(terms).toContain(`Last updated: ${today}`);
    expect(await p.title()).toBe("Terms of Service · Draftsmith");
    expect(await metaDescription(p)).toContain("monthly or annual billing");

    await p.goto(`${server.url}/privacy`);
    await p.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    const privacy = (await p.locator("main").textContent())!;
    for (const s of ["within 30 days of account deletion", "at least 13", "30 days notice"]) expect(privacy, s).toContain(s);
    expect(privacy).toContain(`Last updated: ${today}`);
    expect(await p.title()).toBe("Privacy Policy · Draftsmith");
    await context.close();
  });

  it("shows the not-found page for an unknown URL and Go to Home returns", async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(`${server.url}/this/does/not/exist`);
    await p.getByRole("heading", { name: "Page Not Found" }).waitFor();
    expect(await p.getByText("The page you're looking for doesn't exist or has been moved.").isVisible()).toBe(true);
    expect(await p.title()).toContain("Page Not Found");
    await p.getByRole("link", { name: "Go to Home" }).click();
    await p.waitForURL(`${server.url}/`);
    await p.getByRole("button", { name: "Start Writing for Free" }).waitFor();
    await context.close();
  });

  it("fits a 360 px screen without sideways scrolling", async () => {
    for (const path of ["/", "/privacy", "/terms", "/nope"]) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const p = await context.newPage();
      await p.goto(`${server.url}${path}`);
      await p.getByRole("heading", { level: 1 }).first().waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it("moves keyboard focus in order with a visible ring", async () => {
    const p = await landing();
    await p.keyboard.press("Tab");
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await p.keyboard.press("Tab");
      order.push(
        await p.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          const ring = style.outlineStyle !== "none" || style.boxShadow !== "none";
          return `${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim()}${ring ? "" : " (no focus ring)"}`;
        }),
      );
    }
    expect(order).toEqual(["Draftsmith home", "Pricing", "Sign in", "Start Writing"]);
    await p.context().close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`has no serious or critical axe violations on the public pages (${theme})`, async () => {
      const context = await browser.newContext({ colorScheme: theme });
      const p = await context.newPage();
      const found: string[] = [];
      for (const path of ["/", "/privacy", "/terms", "/status", "/signup", "/missing-page"]) {
        await p.goto(`${server.url}${path}`);
        await p.getByRole("heading", { level: 1 }).first().waitFor();
        if (path === "/") {
          await p.getByRole("contentinfo").scrollIntoViewIfNeeded();
          await p.locator("#pricing").waitFor();
        }
        found.push(...(await seriousViolations(p)).map((v) => `${path}: ${v}`));
      }
      // The sign-up dialog as well.
      await p.goto(`${server.url}/`);
      await p.getByRole("button", { name: "Start Writing for Free" }).click();
      await p.getByRole("dialog").waitFor();
      found.push(...(await seriousViolations(p)).map((v) => `sign-up dialog: ${v}`));
      expect(found).toEqual([]);
      await context.close();
    });
  }

  it("has no serious or critical axe violations on the dashboard and the editor, light and dark", async () => {
    const session = await signUpViaApi(server.url);
    const doc = await apiRequest<DocumentRecord>(server.url, session, "POST", "/api/documents", { title: "Axe check" });
    const found: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme: theme });
      await putSessionInContext(context, server.url, session);
      const p = await context.newPage();
      await p.goto(`${server.url}/`);
      await p.getByText("Axe check").first().waitFor();
      found.push(...(await seriousViolations(p)).map((v) => `${theme} dashboard: ${v}`));
      await p.goto(`${server.url}/editor/${doc.id}`);
      await p.getByTestId("editor-body").waitFor();
      found.push(...(await seriousViolations(p)).map((v) => `${theme} editor: ${v}`));
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
