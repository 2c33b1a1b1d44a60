import { describe, expect, it } from "vitest";
import type { DocNode } from "./schema.js";
import fc from "fast-check";
import { EXCERPT_SEPARATOR, countWords, docToPlainText, excerptOf, plainTextAndWords } from "./text.js";
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

  it("reads a block after a suggested break as joined to the block before it, and a hard break as a line", () => {
    const brk = { id: "b1", group: "b1", author: "u1", authorName: "Cora", createdAt: "2026-11-27T03:00:00Z" };
    const split: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Rivers " }] },
        { type: "paragraph", attrs: { suggestedBreak: brk }, content: [{ type: "text", text: "run." }] },
        { type: "paragraph", content: [{ type: "text", text: "Lakes" }, { type: "hardBreak" }] },
        { type: "paragraph", attrs: { suggestedBreak: { ...brk, id: "b2" } }, content: [{ type: "text", text: "rest." }] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "one " }] }] },
            { type: "listItem", content: [{ type: "paragraph", attrs: { suggestedBreak: { ...brk, id: "b3" } }, content: [{ type: "text", text: "two" }] }] },
          ],
        },
      ],
    };
    expect(docToPlainText(split)).toBe("Rivers run.\nLakes\nrest.\none two");
    expect(docToPlainText(split)).toBe(docToPlainText(withoutSuggestions(split)));
    expect(plainTextAndWords(split).words).toBe(6);
  });
});

describe("docToPlainText of headings 4–6, to-do lists, superscript, subscript and highlight", () => {
  it("reads each to-do item as its own line without a checkbox glyph, and marked text as plain text", () => {
    expect(docToPlainText(RICH_DOC)).toBe(
      ["Plan", "Fourth level", "Fifth level", "Sixth level", "Buy milk", "Write report", "Outline", "Water is H2O and E = mc2. Remember this.", "Drink", "Cups", "Green tea", "3"].join("\n"),
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

describe("tables in the plain text", () => {
  it("ends every cell on its own line, so neighbouring cells' words stay apart for search and counts", () => {
    const cellOf = (type: string, ...texts: string[]) => ({ type, content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });
    const table = {
      type: "doc",
      content: [
        { type: "table", content: [{ type: "tableRow", content: [cellOf("tableHeader", "Name"), cellOf("tableHeader", "Notes")] }, { type: "tableRow", content: [cellOf("tableCell", "Ada"), cellOf("tableCell", "first", "second")] }] },
        { type: "paragraph", content: [{ type: "text", text: "After" }] },
      ],
    };
    const text = docToPlainText(table);
    expect(text).toBe("Name\nNotes\nAda\nfirst\nsecond\nAfter");
    expect(countWords(text)).toBe(6);
  });
});

describe("excerptOf, the dashboard card's line of a document", () => {
  const text = (t: string) => ({ type: "text", text: t });
  const para = (t: string): DocNode => ({ type: "paragraph", content: [text(t)] });
  const cell = (type: string, t: string) => ({ type, content: [para(t)] });

  it("puts a separator between a heading and the paragraph after it", () => {
    const doc: DocNode = { type: "doc", content: [{ type: "heading", attrs: { level: 1 }, content: [text("Rivers of the North")] }, para("Rivers shape the land.")] };
    expect(excerptOf(docToPlainText(doc), 160)).toBe("Rivers of the North · Rivers shape the land.");
  });

  it("reads list items and table cells as blocks of their own", () => {
    const doc: DocNode = {
      type: "doc",
      content: [
        { type: "bulletList", content: [{ type: "listItem", content: [para("Milk")] }, { type: "listItem", content: [para("Bread")] }] },
        { type: "table", content: [{ type: "tableRow", content: [cell("tableHeader", "Name"), cell("tableHeader", "Notes")] }, { type: "tableRow", content: [cell("tableCell", "Ada"), cell("tableCell", "first")] }] },
      ],
    };
    expect(excerptOf(docToPlainText(doc), 160)).toBe("Milk · Bread · Name · Notes · Ada · first");
  });

  it("collapses white space inside a block and keeps at most max characters, never ending on a separator", () => {
    expect(excerptOf("  one \t two  \n\n three ", 160)).toBe("one two · three");
    expect(excerptOf("abcd\nefgh", 5)).toBe("abcd");
    expect(excerptOf("abcd\nefgh", 6)).toBe("abcd");
    expect(excerptOf("abcd\nefgh", 8)).toBe("abcd · e");
  });

  it("never glues the words of two neighbouring blocks, whatever the blocks", () => {
    const word = fc.stringMatching(/^[A-Za-z0-9'’.,!?-]{1,12}$/);
    const block = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(" "));
    const kind = fc.constantFrom("paragraph", "heading", "listItem", "tableCell");
    const node = (k: string, t: string): DocNode => {
      if (k === "heading") return { type: "heading", attrs: { level: 2 }, content: [text(t)] };
      if (k === "listItem") return { type: "bulletList", content: [{ type: "listItem", content: [para(t)] }] };
      if (k === "tableCell") return { type: "table", content: [{ type: "tableRow", content: [cell("tableCell", t)] }] };
      return para(t);
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(kind, block), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 400 }), (blocks, max) => {
        const doc: DocNode = { type: "doc", content: blocks.map(([k, t]) => node(k, t)) };
        const whole = blocks.map(([, t]) => t).join(EXCERPT_SEPARATOR);
        const excerpt = excerptOf(docToPlainText(doc), max);
        // What is shown is the start of the blocks, each joined to the next by the separator.
        expect(excerpt.length).toBeLessThanOrEqual(max);
        expect(whole.startsWith(excerpt)).toBe(true);
        expect(excerpt.endsWith(" ·")).toBe(false);
        if (max >= whole.length) expect(excerpt).toBe(whole);
      }),
    );
  });
});

describe("plainTextAndWords", () => {
  it("gives the plain text and the word count that docToPlainText and countWords give", () => {
    const spaced: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "  two\u00a0 words\n" }] },
        { type: "paragraph" },
        { type: "paragraph", content: [{ type: "text", text: "hel" }, { type: "text", text: "lo", marks: [{ type: "bold" }] }, { type: "hardBreak" }] },
      ],
    };
    for (const doc of [RICH_DOC as DocNode, spaced, { type: "doc", content: [] } as DocNode]) {
      const text = docToPlainText(doc);
      expect(plainTextAndWords(doc)).toEqual({ text, words: countWords(text) });
    }
  });
});
