// Right-to-left list items in the PDF export, read back with `pdftotext -bbox`: an item whose
// first letter with a direction is Arabic or Hebrew has its bullet, number or box on the
// right of its text and is set in from the right (nested items further in), in the body and
// in table cells; a left-to-right item keeps its marker on the left; no two words overlap.
import { describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { renderExport } from "./render.js";
import { doc, li, ol, overlaps, p, t, ul, wordBoxes } from "./pdf-wrap.test-util.js";

type Word = ReturnType<typeof wordBoxes>[number][number];

const ARABIC = "مرحبا بالعالم هذه جملة عربية";
const HEBREW = "שלום עולם זה משפט בעברית";
const task = (checked: boolean, text: string): DocNode => ({ type: "taskItem", attrs: { checked }, content: [p(t(text))] });
const tasks = (...items: DocNode[]): DocNode => ({ type: "taskList", content: items });
const cell = (...content: DocNode[]): DocNode => ({ type: "tableCell", attrs: { colspan: 1, rowspan: 1 }, content });

async function words(content: DocNode): Promise<Word[]> {
  const file = await renderExport(content, "Lists", "pdf", { now: new Date("2026-01-02T03:04:05Z") });
  const pages = wordBoxes(file.body);
  expect(overlaps(pages)).toEqual([]);
  return pages.flat();
}

/** The marker and the other words on its line (sharing most of its height). */
function line(all: Word[], marker: string, nth = 0): { marker: Word; text: Word[] } {
  const found = all.filter((w) => w.text === marker)[nth];
  if (!found) throw new Error(`no "${marker}" in ${all.map((w) => w.text).join(" ")}`);
  const middle = (found.yMin + found.yMax) / 2;
  return { marker: found, text: all.filter((w) => w !== found && w.yMin < middle && w.yMax > middle) };
}
const leftOf = (words: Word[]) => Math.min(...words.map((w) => w.xMin));
const rightOf = (words: Word[]) => Math.max(...words.map((w) => w.xMax));

describe("PDF export: right-to-left list items", () => {
  it("bullets, numbers and boxes go on the right of an Arabic or Hebrew item, on the left of an English one", async () => {
    const all = await words(
      doc(
        ul(li(p(t(ARABIC))), li(p(t("An English item"))), li(p(t(`123 ${HEBREW}`)))),
        ol(9, li(p(t(HEBREW))), li(p(t(ARABIC)))),
        tasks(task(true, ARABIC), task(false, HEBREW)),
      ),
    );
    for (const [marker, nth] of [["•", 0], ["•", 2], [".9", 0], [".10", 0], ["☒", 0], ["☐", 0]] as const) {
      const { marker: box, text } = line(all, marker, nth);
      expect(text.length, marker).toBeGreaterThan(2);
      expect(box.xMin, `${marker} ${nth}`).toBeGreaterThan(rightOf(text));
    }
    const english = line(all, "•", 1);
    expect(english.marker.xMax).toBeLessThan(leftOf(english.text));
    // Set in from the right: the text ends short of the right margin, its marker within it.
    const arabic = line(all, "•", 0);
    const page = 595.28 - 64;
    expect(rightOf(arabic.text)).toBeLessThan(page - 12);
    expect(arabic.marker.xMax).toBeLessThanOrEqual(page + 0.5);
  });

  it("a nested right-to-left list is set in further from the right, its markers apart", async () => {
    const all = await words(doc(ul(li(p(t(ARABIC)), ul(li(p(t(HEBREW))))), li(ul(li(p(t(HEBREW))))))));
    const outer = line(all, "•", 0);
    const inner = line(all, "•", 1);
    expect(inner.marker.xMin).toBeGreaterThan(rightOf(inner.text));
    expect(rightOf(inner.text)).toBeLessThan(rightOf(outer.text) - 10);
    expect(inner.marker.xMax).toBeLessThan(outer.marker.xMin);
    // An item opening with a list: its marker and the nested item's share a line, side by side.
    const both = all.filter((w) => w.text === "•").slice(2);
    expect(both).toHaveLength(2);
    expect(Math.abs(both[0]!.yMin - both[1]!.yMin)).toBeLessThan(1);
  });

  it("in a table cell a right-to-left item starts on the right with its marker there", async () => {
    const table: DocNode = { type: "table", content: [{ type: "tableRow", content: [cell(ul(li(p(t(HEBREW))))), cell(ul(li(p(t("English text")))))] }] };
    const all = await words(doc(table));
    const hebrew = line(all, "•", 0);
    const right = hebrew.text.filter((w) => w.xMax < hebrew.marker.xMin + 1 && w.text !== "English" && w.text !== "text" && w.text !== "•");
    expect(right.length).toBeGreaterThan(2);
    expect(hebrew.marker.xMin).toBeGreaterThan(rightOf(right));
    // At the first cell's right edge (the table spans the column, 64 to 531.28 pt, in two halves; 4 pt of padding).
    expect(hebrew.marker.xMax).toBeGreaterThan((64 + 531.28) / 2 - 4 - 2);
    expect(hebrew.marker.xMax).toBeLessThanOrEqual((64 + 531.28) / 2 - 4 + 0.5);
    const english = all.filter((w) => w.text === "•")[1]!;
    expect(english.xMax).toBeLessThan(all.find((w) => w.text === "English")!.xMin);
  });
});
