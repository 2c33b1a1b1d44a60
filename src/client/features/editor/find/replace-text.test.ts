import type { Node as PmNode } from "@tiptap/pm/model";
import { EditorState } from "@tiptap/pm/state";
import { describe, expect, it } from "vitest";
import { type DocNode, documentSchema } from "../../../../shared/editor/schema";
import { findInDocument } from "./matching";
import { replaceText } from "./replace-text";

const p = (...content: DocNode[]): DocNode => ({ type: "paragraph", content });
const t = (text: string, ...marks: DocNode["marks"] & object): DocNode => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
const bold = { type: "bold" };
const link = { type: "link", attrs: { href: "https://example.com" } };

/** Replaces every match of `query` with `text` in one transaction, last first. */
function replaceAll(content: DocNode[], query: string, text: string): PmNode {
  const state = EditorState.create({ doc: documentSchema().nodeFromJSON({ type: "doc", content }) });
  const tr = state.tr;
  for (const m of findInDocument(state.doc, query, { matchCase: false, wholeWord: false }).reverse()) replaceText(tr, m.from, m.to, text);
  return tr.doc;
}

/** The first paragraph as [text, mark names] runs. */
const runs = (d: PmNode) => (d.firstChild?.toJSON().content ?? []).map((n: DocNode) => [n.text, (n.marks ?? []).map((m) => m.type).join(",")]);

describe("find: replacing inside marks", () => {
  it("keeps each character's marks when the replacement is as long as the match", () => {
    expect(runs(replaceAll([p(t("a "), t("wor", bold), t("d b"))], "word", "WORD"))).toEqual([
      ["a ", ""],
      ["WOR", "bold"],
      ["D b", ""],
    ]);
  });

  it("takes the first character's marks otherwise, link included", () => {
    expect(runs(replaceAll([p(t("a "), t("wor", bold), t("d b"))], "word", "phrase"))).toEqual([
      ["a ", ""],
      ["phrase", "bold"],
      [" b", ""],
    ]);
    expect(runs(replaceAll([p(t("see "), t("the site", link), t(" now"))], "site", "page"))).toEqual([
      ["see ", ""],
      ["the page", "link"],
      [" now", ""],
    ]);
    expect(runs(replaceAll([p(t("one "), t("two", bold))], "two", "three"))).toEqual([
      ["one ", ""],
      ["three", "bold"],
    ]);
  });

  it("deletes for an empty replacement and keeps text around each match", () => {
    const d = replaceAll([p(t("x cat y cat z"))], "cat", "");
    expect(d.textContent).toBe("x  y  z");
    expect(replaceAll([p(t("cat cat"))], "cat", "a cat").textContent).toBe("a cat a cat");
  });

  it("writes emoji and characters outside the BMP whole", () => {
    expect(replaceAll([p(t("ab", bold), t("cd"))], "bc", "😀").textContent).toBe("a😀d");
    expect(runs(replaceAll([p(t("x"), t("y", bold))], "xy", "😀"))).toEqual([["😀", ""]]);
  });
});
