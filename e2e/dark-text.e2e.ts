// Text coloured "Black" stays readable in dark mode: the editor and the shared view show it in
// the theme's foreground, other colours keep theirs, light mode keeps black, and the stored
// document still says black.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiSession, signInPage, signUpViaApi } from "./support/auth.js";
import { startAppAndBrowser } from "./support/app.js";
import type { RunningServer } from "./support/server.js";
import { apiCall } from "./support/api.js";

const api = (server: RunningServer, session: ApiSession, method: string, path: string, body?: unknown) => apiCall(server.url, session, method, path, body);

const colouredText = (text: string, color: string, fontFamily?: string) => ({
  type: "text",
  text,
  marks: [{ type: "textStyle", attrs: { color, ...(fontFamily ? { fontFamily } : {}) } }],
});

const CONTENT = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        colouredText("Black words", "#000000"),
        { type: "text", text: " and " },
        colouredText("red words", "#dc2626"),
        { type: "text", text: " and " },
        colouredText("serif black", "#000000", "Georgia, serif"),
      ],
    },
  ],
};

/** Computed colours of the three coloured runs and of the page's foreground, inside `root`. */
function colours(page: Page, root: string) {
  return page.evaluate((sel) => {
    const body = document.querySelector(sel)!;
    const of = (text: string) => {
      const span = [...body.querySelectorAll("span")].find((s) => s.textContent === text);
      return span ? getComputedStyle(span).color : null;
    };
    return { black: of("Black words"), red: of("red words"), serifBlack: of("serif black"), foreground: getComputedStyle(body).color };
  }, root);
}

describe("black text in dark mode", () => {
  const app = startAppAndBrowser({ startTimeoutMs: 120_000 });

  it("shows black text in the foreground colour in the dark editor and shared view, black in light mode, and keeps it stored", async () => {
    const session = await signUpViaApi(app.server.url);
    const created = await api(app.server, session, "POST", "/api/documents", { title: "Colours", content: CONTENT });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await api(app.server, session, "PUT", `/api/documents/${id}/share`, { isPublic: true })).status).toBe(200);

    // Light: black stays black.
    const light = await signInPage(app.browser, app.server.url, session, `/editor/${id}`);
    await light.getByText("Black words").waitFor();
    const lightColours = await colours(light, ".ProseMirror");
    expect(lightColours.black).toBe("rgb(0, 0, 0)");
    expect(lightColours.red).toBe("rgb(220, 38, 38)");
    await light.context().close();

    // Dark: the saved theme applies; black runs take the foreground, red stays red.
    expect((await api(app.server, session, "PUT", "/api/settings/preferences", { theme: "dark" })).status).toBe(200);
    const dark = await signInPage(app.browser, app.server.url, session, `/editor/${id}`);
    await expect.poll(() => dark.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await dark.getByText("Black words").waitFor();
    await expect.poll(async () => (await colours(dark, ".ProseMirror")).black).not.toBe("rgb(0, 0, 0)");
    const darkColours = await colours(dark, ".ProseMirror");
    expect(darkColours.black).toBe(darkColours.foreground);
    expect(darkColours.serifBlack).toBe(darkColours.foreground);
    expect(darkColours.red).toBe("rgb(220, 38, 38)");

    // The shared view in the same dark browser.
    await dark.goto(`${app.server.url}/shared/${id}`);
    await dark.getByText("Black words").waitFor();
    const shared = await colours(dark, ".document-content");
    expect(shared.black).toBe(shared.foreground);
    expect(shared.black).not.toBe("rgb(0, 0, 0)");
    expect(shared.red).toBe("rgb(220, 38, 38)");
    await dark.context().close();

    // Only the display changed: the stored document still says black.
    const stored = JSON.stringify((await api(app.server, session, "GET", `/api/documents/${id}`)).body.content);
    expect(stored).toContain('"color":"#000000"');
  }, 120_000);
});
