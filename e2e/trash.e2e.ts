// The trash in Chromium: a deleted document waits in the Trash, where Restore brings it back
// with its share link working again; Delete forever removes it everywhere.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";

const app = startAppAndBrowser({ startTimeoutMs: 110_000 });
const { contexts, api } = app;
const sharedStatus = async (id: string) => (await fetch(`${app.server.url}/api/shared/${id}`)).status;

async function dashboard(session: ApiSession): Promise<Page> {
  const context = await app.browser.newContext();
  contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(app.server.url);
  return page;
}

describe("trash", () => {
  it("delete → Trash → Restore (the share link works again) → delete → Delete forever: gone everywhere", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    const doc = await api<DocumentRecord>(session, "POST", "/api/documents", {
      title: "Letters",
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Dear reader," }] }] },
    });
    await api(session, "PUT", `/api/documents/${doc.id}/share`, { isPublic: true });
    expect(await sharedStatus(doc.id)).toBe(200);

    const page = await dashboard(session);
    const card = page.getByTestId("document-card").filter({ hasText: "Letters" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Dear reader,");
    await page.getByRole("button", { name: "Actions for Letters" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Document" });
    expect(await confirm.textContent()).toContain("It moves to the Trash, where you can restore it for 30 days.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await card.waitFor({ state: "detached" });
    expect(await sharedStatus(doc.id)).toBe(404);

    await page.getByRole("link", { name: "Trash" }).click();
    await page.waitForURL(`${app.server.url}/trash`);
    const row = page.getByTestId("trashed-document").filter({ hasText: "Letters" });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/deleted for good on/);
    await row.getByRole("button", { name: "Restore Letters" }).click();
    await row.waitFor({ state: "detached" });
    await page.getByText("The trash is empty").waitFor();
    expect(await sharedStatus(doc.id)).toBe(200);

    await page.getByRole("link", { name: "Documents" }).click();
    await card.waitFor();
    await page.getByRole("button", { name: "Actions for Letters" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete Document" }).getByRole("button", { name: "Delete" }).click();
    await card.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Trash" }).click();
    await row.getByRole("button", { name: "Delete Letters forever" }).click();
    const sure = page.getByRole("alertdialog", { name: "Delete forever" });
    await sure.getByRole("button", { name: "Delete forever" }).click();
    await page.getByText("The trash is empty").waitFor();
    expect(await api<unknown[]>(session, "GET", "/api/trash")).toEqual([]);
    expect(await api<unknown[]>(session, "GET", "/api/documents")).toEqual([]);
    expect(await sharedStatus(doc.id)).toBe(404);
  });
});
