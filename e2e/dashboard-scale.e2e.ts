// The dashboard with 1,000 documents in Chromium: the first page shows at once and more come
// a page at a time; sorting by title reorders it; a pinned document stays on top; the filter
// shows only one's own documents or only those shared with one.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { buyPlan, inviteAndAccept } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { putSessionInContext, signUpViaApi } from "./support/auth.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const { contexts, api } = app;
const cards = (page: Page) => page.getByRole("list", { name: "Documents", exact: true }).getByTestId("document-card");

describe("dashboard at 1,000 documents", () => {
  it("pages, sorts, pins and filters", { timeout: 300_000 }, async () => {
    const owner = await signUpViaApi(app.server.url, { fullName: "Mara Many" });
    await buyPlan(app.server.url, owner, "professional");
    const ids: string[] = [];
    // Ten at a time: titles Doc 0000 … Doc 0999.
    for (let i = 0; i < 1000; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, j) => api<DocumentRecord>(owner, "POST", "/api/documents", { title: `Doc ${String(i + j).padStart(4, "0")}` })),
      );
      ids.push(...batch.map((d) => d.id));
    }
    const friend = await signUpViaApi(app.server.url);
    const theirs = await api<DocumentRecord>(friend, "POST", "/api/documents", { title: "Friend's notes" });
    await buyPlan(app.server.url, friend, "professional");
    await inviteAndAccept(app.server.url, friend, theirs.id, owner, "viewer");

    const context = await app.browser.newContext();
    contexts.push(context);
    await putSessionInContext(context, app.server.url, owner);
    const page = await context.newPage();
    await page.goto(app.server.url);
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(48);
    // Newest first: one of the last batch (created together) is on top.
    expect(await cards(page).first().textContent()).toMatch(/Doc 099\d/);
    await page.getByRole("button", { name: "Show more (48 of 1000)" }).click();
    await expect.poll(() => cards(page).count()).toBe(96);

    // By title.
    await page.getByRole("combobox", { name: "Sort documents" }).click();
    await page.getByRole("option", { name: "Title" }).click();
    await expect.poll(() => cards(page).first().textContent()).toContain("Doc 0000");

    // Pin Doc 0500: it moves to the Pinned row and stays there in every sort.
    await page.goto(`${app.server.url}/`);
    await expect.poll(() => cards(page).count()).toBe(48);
    await api(owner, "PUT", `/api/documents/${ids[500]}/pin`);
    await page.reload();
    const pinned = page.getByRole("list", { name: "Pinned documents" });
    await expect.poll(() => pinned.getByTestId("document-card").count()).toBe(1);
    expect(await pinned.textContent()).toContain("Doc 0500");
    await page.getByRole("button", { name: "Actions for Doc 0000" }).click();
    await page.getByRole("menuitem", { name: "Pin to top" }).click();
    await expect.poll(() => pinned.getByTestId("document-card").count()).toBe(2);

    // Filters: shared with me only, then mine only.
    await page.getByRole("button", { name: "Shared with me" }).click();
    await expect.poll(() => page.getByTestId("shared-document-card").count()).toBe(1);
    expect(await cards(page).count()).toBe(0);
    await page.getByRole("button", { name: "Mine" }).click();
    await expect.poll(() => cards(page).count()).toBe(48);
    expect(await page.getByTestId("shared-document-card").count()).toBe(0);
  });
});
