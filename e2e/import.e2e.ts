// Import end to end: one file of each format dropped on the documents list at once becomes
// a document each with its title and content, a file over 10 MB is reported as left out,
// the Import button takes files too; the dashboard with the results at 390 and 1280 px,
// light and dark.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../src/shared/contracts/documents";
import type { DocNode } from "../src/shared/editor/schema.js";
import { renderExport } from "../src/server/export/render.js";
import { animationsDone, seriousViolations } from "./support/a11y.js";
import { apiRequest, buyPlan } from "./support/api.js";
import { startAppAndBrowser } from "./support/app.js";
import { type ApiSession, putSessionInContext, signUpViaApi } from "./support/auth.js";

const SHOTS = "/tmp/shots";
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

const app = startAppAndBrowser();
const { contexts } = app;

async function dashboard(session: ApiSession, viewport = { width: 1280, height: 900 }, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await app.browser.newContext({ viewport, colorScheme });
  contexts.push(context);
  await putSessionInContext(context, app.server.url, session);
  const page = await context.newPage();
  await page.goto(`${app.server.url}/`);
  await page.getByRole("heading", { name: "Your Documents" }).waitFor();
  return page;
}

type Dropped = { name: string; base64?: string; text?: string; zeros?: number; type: string };

/** Drops files on the documents list the way a browser does: dragenter, dragover, drop with a DataTransfer. */
async function drop(page: Page, files: Dropped[]) {
  await page.getByTestId("import-drop-zone").evaluate((zone, list) => {
    const data = new DataTransfer();
    for (const f of list) {
      const body = f.base64 ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : f.zeros ? new Uint8Array(f.zeros) : (f.text ?? "");
      data.items.add(new File([body], f.name, { type: f.type }));
    }
    for (const type of ["dragenter", "dragover", "drop"]) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

/** Node types in order, and each text run as "marks:text". */
const outline = (node: DocNode): string[] =>
  node.type === "text" ? [`${(node.marks ?? []).map((m) => m.type).sort().join("+")}:${node.text}`] : [node.type, ...(node.content ?? []).flatMap(outline)];

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await animationsDone(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const DOCX_SOURCE: DocNode = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Budget" }] },
    { type: "paragraph", content: [{ type: "text", text: "Costs are " }, { type: "text", text: "down", marks: [{ type: "bold" }] }] },
    { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Rent" }] }] }] },
  ],
};

describe("import", () => {
  it("drops one file of each format at once, reports the one over 10 MB, and the Import button takes files", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, session, "professional");
    const docx = await renderExport(DOCX_SOURCE, "Quarterly budget", "docx", { now: new Date() });
    const page = await dashboard(session);

    await drop(page, [
      { name: "trip.md", type: "text/markdown", text: "# Trip notes\n\nWe **hiked** to the [lake](https://lake.example).\n\n- tent\n- stove\n" },
      { name: "page.html", type: "text/html", text: "<h1>Garden plan</h1><p>Plant <em>tomatoes</em>.</p><blockquote><p>Water daily</p></blockquote><img alt='Bed'><script>alert(1)</script>" },
      { name: "budget.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", base64: docx.body.toString("base64") },
      { name: "Groceries.txt", type: "text/plain", text: "eggs\nmilk\n\nbread" },
      { name: "huge.txt", type: "text/plain", zeros: 10.5 * 1024 * 1024 },
    ]);

    const results = page.getByTestId("import-results");
    await until(() => results.isVisible()).toBe(true);
    await until(() => results.getByRole("heading").textContent()).toBe("Import: 4 imported, 1 left out");
    const rows = results.locator("li[data-status]");
    expect(await rows.evaluateAll((els) => els.map((el) => `${el.getAttribute("data-status")} ${el.querySelector("span")?.textContent}`))).toEqual([
      "imported trip.md",
      "imported page.html",
      "imported budget.docx",
      "imported Groceries.txt",
      "refused huge.txt",
    ]);
    const text = (await results.textContent()) ?? "";
    expect(text).toContain("imported as “Garden plan”");
    expect(text).toContain("1 image was left out (its description kept as text)");
    expect(text).toContain("1 script or style block was removed");
    expect(text).toMatch(/huge\.txt — left out.*larger than 10 MB/);

    // The list refreshed with the four documents, titled from the files.
    const titles = ["Trip notes", "Garden plan", "Quarterly budget", "Groceries"];
    for (const title of titles) await until(() => page.getByTestId("document-card").filter({ hasText: title }).count()).toBe(1);

    const list = await apiRequest<DocumentRecord[]>(app.server.url, session, "GET", "/api/documents");
    const read = async (title: string) => {
      const summary = list.find((d) => d.title === title)!;
      return outline((await apiRequest<DocumentRecord>(app.server.url, session, "GET", `/api/documents/${summary.id}`)).content as DocNode).join("|");
    };
    expect(list.map((d) => d.title).sort()).toEqual([...titles].sort());
    expect(await read("Trip notes")).toBe("doc|paragraph|:We |bold:hiked|: to the |link:lake|:.|bulletList|listItem|paragraph|:tent|listItem|paragraph|:stove");
    expect(await read("Garden plan")).toBe("doc|paragraph|:Plant |italic:tomatoes|:.|blockquote|paragraph|:Water daily|paragraph|:[image: Bed]");
    expect(await read("Quarterly budget")).toBe("doc|heading|:Budget|paragraph|:Costs are |bold:down|bulletList|listItem|paragraph|:Rent");
    expect(await read("Groceries")).toBe("doc|paragraph|:eggs|hardBreak|:milk|paragraph|:bread");

    // The Import button's file picker.
    await page.getByTestId("import-input").setInputFiles([{ name: "picked.md", mimeType: "text/markdown", buffer: Buffer.from("# Picked\n\ntext") }]);
    await until(() => results.getByRole("heading").textContent()).toBe("Import: 1 imported");
    await until(() => page.getByTestId("document-card").filter({ hasText: "Picked" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("looks right with results at 390 and 1280 px, light and dark", { timeout: 180_000 }, async () => {
    const session = await signUpViaApi(app.server.url);
    await buyPlan(app.server.url, session, "professional");
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        const page = await dashboard(session, { width, height }, scheme);
        await drop(page, [
          { name: `notes-${width}-${scheme}.html`, type: "text/html", text: "<h1>Notes</h1><table><tr><td>a</td></tr></table><img alt='x'>" },
          { name: "slides.pptx", type: "application/octet-stream", text: "x" },
        ]);
        await until(() => page.getByTestId("import-results").isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await shot(page, `import-${width}-${scheme}`);
        await page.getByRole("button", { name: "Close import results" }).click();
        // The drop target while files are dragged over it.
        await page.getByTestId("import-drop-zone").evaluate((zone) => {
          const data = new DataTransfer();
          data.items.add(new File(["x"], "a.md"));
          zone.dispatchEvent(new DragEvent("dragenter", { dataTransfer: data, bubbles: true, cancelable: true }));
        });
        await page.getByText("Drop files to import them as new documents").waitFor();
        await shot(page, `import-${width}-${scheme}-dragging`);
        await page.context().close();
      }
    }
  });
});
