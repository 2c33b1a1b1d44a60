// The setup most end-to-end files share: the built app on a fresh data directory and one
// Chromium, started before the file's (or describe block's) tests and stopped after them.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { apiRequest } from "./api.js";
import type { ApiSession } from "./auth.js";
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

/** What a file's tests use from `startAppAndBrowser`: the running app and browser, and the API. */
export interface AppAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Contexts a test opens and leaves open; all are closed after the tests, before the browser. */
  readonly contexts: BrowserContext[];
  /** Calls the API as `session` on this app; any status but 2xx fails the test. */
  api<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * `withAppAndBrowser` for a file (or describe block) that reaches the app through one object
 * instead of keeping its own copies: `server` and `browser` can be read once the start hook
 * has run, that is inside a test or a later hook.
 */
export function startAppAndBrowser(opts: AppOptions = {}): AppAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  withAppAndBrowser((s, b) => {
    server = s;
    browser = b;
  }, opts);
  // Registered after the start hook, so it runs before the browser and the server stop.
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the app is not started yet: use it inside a test or a hook");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    contexts,
    api<T>(session: ApiSession, method: string, path: string, body?: unknown) {
      return apiRequest<T>(started(server).url, session, method, path, body);
    },
  };
}
