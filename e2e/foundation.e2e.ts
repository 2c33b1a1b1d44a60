import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withAppAndBrowser } from "./support/app.js";
import { exitOf, type RunningServer, spawnServer, startServer } from "./support/server.js";

describe("foundation: the built app", () => {
  let server: RunningServer;
  let browser: Browser;
  withAppAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it("shows the not-found page for an unknown path, and Go to Home returns to /", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    expect(await page.getByText("The page you're looking for doesn't exist or has been moved.").isVisible()).toBe(true);
    expect(await page.getByText("404").first().isVisible()).toBe(true);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });

  it("serves hashed assets with a long cache and index.html without one", async () => {
    const res = await fetch(`${server.url}/some/client/route`);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await fetch(`${server.url}${asset}`);
    expect(assetRes.headers.get("cache-control")).toContain("immutable");
  });

  it("sends the landing page's HTML, scripts and styles brotli-compressed to Chromium", async () => {
    const page = await browser.newPage();
    const encodings = new Map<string, string | null>();
    const reading: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "document" && type !== "script" && type !== "stylesheet") return;
      reading.push(response.headerValue("content-encoding").then((value) => void encodings.set(response.url(), value)));
    });
    await page.goto(`${server.url}/`);
    await page.waitForLoadState("networkidle");
    await Promise.all(reading);
    const scripts = [...encodings.keys()].filter((url) => url.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    // Chromium offers brotli to 127.0.0.1 as to any secure origin, so every file comes brotli-compressed.
    for (const [url, encoding] of encodings) expect(encoding, url).toBe("br");
    await page.close();
  });

  it("refuses a second server on the same data directory, and restarts cleanly after SIGTERM", async () => {
    const second = spawnServer({ PORT: "0", DATA_DIR: server.dataDir });
    const code = await exitOf(second.proc);
    expect(code).not.toBe(0);
    expect(second.output()).toContain("in use by another Draftsmith process");

    const dataDir = server.dataDir;
    expect(await server.stop("SIGTERM")).toBe(0);
    // This server is the test's own: the file's stop hook stops the one it started.
    const restarted = await startServer({ dataDir });
    try {
      const health = await fetch(`${restarted.url}/api/health`);
      expect((await health.json()).database).toBe("ok");
    } finally {
      expect(await restarted.stop("SIGTERM")).toBe(0);
    }
  });
});
