import type { Node as PmNode } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import { type DocNode, documentSchema } from "../../../../shared/editor/schema";
import { findInDocument, findInText, matchAtOrAfter, matchBefore, queryPattern } from "./matching";

const anyCase = { matchCase: false, wholeWord: false };
const exactCase = { matchCase: true, wholeWord: false };
const words = { matchCase: false, wholeWord: true };

/** The matched strings of `query` in `text`. */
function found(text: string, query: string, options = anyCase): string[] {
  const pattern = queryPattern(query, options);
  return pattern ? findInText(text, pattern).map((m) => text.slice(m.start, m.end)) : [];
}

const doc = (...content: DocNode[]): PmNode => documentSchema().nodeFromJSON({ type: "doc", content });
const p = (...content: DocNode[]): DocNode => ({ type: "paragraph", content });
const t = (text: string, ...marks: string[]): DocNode => ({ type: "text", text, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) });

/** The document's text at each match. */
function inDoc(d: PmNode, query: string, options = anyCase): string[] {
  return findInDocument(d, query, options).map((r) => d.textBetween(r.from, r.to));
}

describe("find: matching text", () => {
  it("finds nothing for an empty query", () => {
    expect(queryPattern("", anyCase)).toBeNull();
    expect(inDoc(doc(p(t("text"))), "")).toEqual([]);
  });

  it("ignores case unless asked, and never reads the query as a pattern", () => {
    expect(found("Cat cat CAT", "cat")).toEqual(["Cat", "cat", "CAT"]);
    expect(found("Cat cat CAT", "cat", exactCase)).toEqual(["cat"]);
    expect(found("a.b axb (a.b) [x]", "a.b")).toEqual(["a.b", "a.b"]);
    expect(found("1+1=2 and 1/2 and $5", "1+1")).toEqual(["1+1"]);
    expect(found("1/2 and $5", "1/2")).toEqual(["1/2"]);
    expect(found("costs $5", "$5")).toEqual(["$5"]);
  });

  it("takes matches left to right without overlaps", () => {
    expect(found("aaaa", "aa")).toEqual(["aa", "aa"]);
  });

  it("matches whole words only when asked", () => {
    expect(found("the other theme, the.", "the", words)).toEqual(["the", "the"]);
    expect(found("the other theme", "the")).toEqual(["the", "the", "the"]);
    expect(found("snake_case snake", "snake", words)).toEqual(["snake"]);
    expect(found("e.g. this, e.g.x", "e.g.", words)).toEqual(["e.g.", "e.g."]);
  });

  it("compares case across scripts, accents and letters outside the BMP", () => {
    expect(found("ÉTÉ été Été", "été")).toEqual(["ÉTÉ", "été", "Été"]);
    expect(found("ΣΟΦΙΑ σοφια", "σοφια")).toEqual(["ΣΟΦΙΑ", "σοφια"]);
    expect(found("𝐀 and 𐐨𐐨 and 𐐀𐐀", "𐐨𐐨")).toEqual(["𐐨𐐨", "𐐀𐐀"]);
    // Offsets count UTF-16 units, as ProseMirror positions do.
    const pattern = queryPattern("x", anyCase) as RegExp;
    expect(findInText("😀x", pattern)).toEqual([{ start: 2, end: 3 }]);
  });

  it("treats letters of every script as word characters", () => {
    expect(found("café cafés", "café", words)).toEqual(["café"]);
    expect(found("über überall", "über", words)).toEqual(["über"]);
    expect(found("Москва москвич", "москва", words)).toEqual(["Москва"]);
    // "e" followed by a combining accent is "é", not the word "cafe".
    expect(found("cafe\u0301 cafe", "cafe", words)).toEqual(["cafe"]);
    expect(found("東京 東京都", "東京", words)).toEqual(["東京"]);
  });
});

describe("find: matching in a document", () => {
  it("finds a word half bold or half italic, across text nodes of one block", () => {
    const d = doc(p(t("a "), t("wor", "bold"), t("d and "), t("wo", "italic"), t("rd", "bold")));
    expect(inDoc(d, "word")).toEqual(["word", "word"]);
    expect(inDoc(d, "word", words)).toEqual(["word", "word"]);
  });

  it("never matches from one block into the next", () => {
    const d = doc(p(t("end of one")), p(t("start of two")));
    expect(inDoc(d, "onestart")).toEqual([]);
    expect(inDoc(d, "one start")).toEqual([]);
    expect(inDoc(d, "one")).toEqual(["one"]);
  });

  it("never matches across a line break, and keeps positions after it", () => {
    const d = doc(p(t("half"), { type: "hardBreak" }, t("way half")));
    expect(inDoc(d, "halfway")).toEqual([]);
    expect(inDoc(d, "half")).toEqual(["half", "half"]);
  });

  it("searches headings, lists, quotes and code blocks, in document order", () => {
    const d = doc(
      { type: "heading", attrs: { level: 2 }, content: [t("Key point")] },
      { type: "bulletList", content: [{ type: "listItem", content: [p(t("a key"))] }] },
      { type: "blockquote", content: [p(t("KEY"))] },
      { type: "codeBlock", content: [t("const key = 1")] },
    );
    const ranges = findInDocument(d, "key", anyCase);
    expect(ranges.map((r) => d.textBetween(r.from, r.to))).toEqual(["Key", "key", "KEY", "key"]);
    expect(ranges.map((r) => r.from)).toEqual([...ranges.map((r) => r.from)].sort((a, b) => a - b));
  });

  it("picks the next and previous match from a position, wrapping around", () => {
    const ms = [
      { from: 1, to: 4 },
      { from: 10, to: 13 },
      { from: 20, to: 23 },
    ];
    expect(matchAtOrAfter(ms, 0)).toBe(0);
    expect(matchAtOrAfter(ms, 10)).toBe(1);
    expect(matchAtOrAfter(ms, 13)).toBe(2);
    expect(matchAtOrAfter(ms, 21)).toBe(0);
    expect(matchBefore(ms, 10)).toBe(0);
    expect(matchBefore(ms, 23)).toBe(2);
    expect(matchBefore(ms, 2)).toBe(2);
    expect(matchAtOrAfter([], 3)).toBe(-1);
    expect(matchBefore([], 3)).toBe(-1);
  });
});
