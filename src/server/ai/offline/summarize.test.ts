// Summaries and outlines quote the document's prose only: no Markdown, code, link definitions
// or citation markers, abbreviations kept inside their sentence, near-repeats left out.
import { describe, expect, it } from "vitest";
import { proseOf } from "./plain-text.js";
import { extractiveOutline, extractiveSummary } from "./summarize.js";

const DOC = [
  "# Solar in the U.S.",
  "",
  "Solar power in the U.S. grew by a third last year, e.g. on rooftops in Texas.[8] Dr. Lee at the **national lab** measured it.[12]",
  "",
  "```js",
  "const solar = true; // Solar solar solar power grew.",
  "```",
  "",
  "See the [report](https://example.com/report) for the figures.[3]",
  "Solar power in the U.S. grew by a third last year, e.g. on rooftops in Texas!",
  "Batteries now store solar power for the evening in many homes.",
  "",
  "[report]: https://example.com/report",
  "| year | GW |",
  "| 2024 | 40 |",
].join("\n");

describe("summaries and outlines of Markdown", () => {
  it("strips code, link definitions, tables, markup and citation markers", () => {
    const prose = proseOf(DOC);
    expect(prose).not.toMatch(/```|const solar|\[8\]|\[12\]|\[3\]|\*\*|https:|\| year/);
    expect(prose).toContain("See the report for the figures.");
    expect(prose).toContain("Dr. Lee at the national lab measured it.");
  });

  it("keeps abbreviations inside their sentence and drops a near-repeat", () => {
    const summary = extractiveSummary(DOC, 4);
    expect(summary).toContain("Solar power in the U.S. grew by a third last year, e.g. on rooftops in Texas.");
    expect(summary).not.toContain("Texas!");
    expect(summary).not.toMatch(/\[\d+\]|\*\*|```|https:|#/);
    expect(summary.match(/grew by a third/g)).toHaveLength(1);
  });

  it("outlines from the prose when there are too few headings, without markup or repeats", () => {
    const outline = extractiveOutline(DOC);
    expect(outline.startsWith("## Solar in the U.S.\n- ")).toBe(true);
    expect(outline).not.toMatch(/\[\d+\]|\*\*|```|https:|\| /);
    expect(outline.match(/grew by a third/g)).toHaveLength(1);
  });
});
