import { describe, expect, it } from "vitest";
import type { DocNode } from "./schema.js";
import { countWords, docToPlainText } from "./text.js";
import { withoutSuggestions } from "./without-suggestions.js";
import { RICH_DOC } from "../export/rich-fixtures.js";

/** The definition countWords keeps to: runs of what \s does not match. */
const byRegExp = (text: string) => text.match(/\S+/g)?.length ?? 0;

describe("countWords", () => {
  it("treats every UTF-16 unit as white space exactly when \\s does", () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      expect(countWords(`a${ch}b`), `U+${c.toString(16)}`).toBe(byRegExp(`a${ch}b`));
    }
  });

  it("counts words as the regular expression does", () => {
    const samples = [
      "",
      "   ",
      "one",
      "  two words  ",
      "tab\tnew\nline\r\nend",
      "no\u00a0break\u2003em\u3000ideographic\ufeffbom",
      "emoji 😀 count\u200bzero-width",
      "line\u2028separator\u2029paragraph",
      "\u0085next-line is not a space in JavaScript",
    ];
    for (const text of samples) expect(countWords(text), JSON.stringify(text)).toBe(byRegExp(text));
  });
});

describe("docToPlainText with pending suggestions", () => {
  const ins = { type: "suggestionInsert", attrs: { id: "g-0", group: "g" } };
  const del = { type: "suggestionDelete", attrs: { id: "g-0", group: "g" } };
  const doc: DocNode = {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Title" }] },
      {
        type: "paragraph",
        content: [
          { type: "text", text: "We " },
          { type: "text", text: "has", marks: [del, { type: "bold" }] },
          { type: "text", text: "have", marks: [ins, { type: "bold" }] },
          { type: "text", text: " time." },
        ],
      },
      { type: "paragraph", content: [{ type: "text", text: "A suggested paragraph.", marks: [ins] }] },
      { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "kept", marks: [del] }] }] }] },
    ],
  };

  it("leaves out suggested words and keeps struck ones, as the document reads without its suggestions", () => {
    expect(docToPlainText(doc)).toBe("Title\nWe has time.\nkept");
    expect(docToPlainText(doc)).toBe(docToPlainText(withoutSuggestions(doc)));
  });
});

describe("docToPlainText of headings 4–6, to-do lists, superscript, subscript and highlight", () => {
  it("reads each to-do item as its own line without a checkbox glyph, and marked text as plain text", () => {
    expect(docToPlainText(RICH_DOC)).toBe(
      ["Plan", "Fourth level", "Fifth level", "Sixth level", "Buy milk", "Write report", "Outline", "Water is H2O and E = mc2. Remember this."].join("\n"),
    );
  });

  it("counts only the words of a to-do list, not its checkboxes", () => {
    const list: DocNode = {
      type: "doc",
      content: [
        {
          type: "taskList",
          content: [
            { type: "taskItem", attrs: { checked: true }, content: [{ type: "paragraph", content: [{ type: "text", text: "one two" }] }] },
            { type: "taskItem", attrs: { checked: false }, content: [{ type: "paragraph", content: [{ type: "text", text: "three" }] }] },
          ],
        },
      ],
    };
    expect(countWords(docToPlainText(list))).toBe(3);
  });
});
