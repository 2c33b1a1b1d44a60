// The setup most end-to-end files share: the built app on a fresh data directory and one
// Chromium, started before the file's (or describe block's) tests and stopped after them.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.js";
import { type RunningServer, startServer } from "./server.js";

export interface AppOptions {
  env?: Record<string, string>;
  /** How long to wait for the server's health check; raise it on a loaded machine. */
  startTimeoutMs?: number;
}

/**
 * Registers the start and stop hooks; `started` receives both once they run. Hooks the
 * caller registers afterwards run after the start and before the stop, so a file can add
 * its own fixtures and close its own pages.
 */
export function withAppAndBrowser(started: (server: RunningServer, browser: Browser) => void, opts: AppOptions = {}): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const startTimeoutMs = opts.startTimeoutMs ?? 120_000;
  beforeAll(async () => {
    server = await startServer({ env: opts.env, startTimeoutMs });
    browser = await launchBrowser();
    started(server, browser);
  }, startTimeoutMs + 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
