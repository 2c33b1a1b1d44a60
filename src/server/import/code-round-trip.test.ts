// Inline code with other formatting (a linked, bold, italic, struck, highlighted, raised or
// lowered piece of code) and code blocks in any language word the schema keeps come back the
// same from the Markdown, HTML and Word exports read by the import (fast-check properties).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { docToMarkdown } from "../../shared/markdown/to-markdown.js";
import { stored, throughHtml, throughMarkdown, throughWord, word } from "./round-trip.test-util.js";

type Mark = NonNullable<DocNode["marks"]>[number];
const link = fc.constantFrom("https://example.com/run?x=1", "../docs/guide.md").map((href): Mark => ({ type: "link", attrs: { href } }));
const shift = fc.constantFrom<Mark>({ type: "superscript" }, { type: "subscript" });
const sometimes = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: a });
/** Formatting that goes with code; underline only where the format has it (not Markdown). */
const markSet = (underline: boolean) =>
  fc
    .record({
      simple: fc.oneof(fc.constant([]), fc.subarray<Mark>([{ type: "bold" }, { type: "italic" }, { type: "strike" }, { type: "highlight" }, ...(underline ? [{ type: "underline" }] : [])])),
      shift: sometimes(shift),
      link: sometimes(link),
    })
    .map(({ simple, shift: s, link: l }) => [...simple, ...(s ? [s] : []), ...(l ? [l] : [])]);

const words = fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(" "));
const run = (underline: boolean) => fc.record({ text: words, code: fc.boolean(), marks: markSet(underline), joined: fc.boolean() });

/**
 * A paragraph of runs, each text or code with its marks. A run follows the one before it
 * directly ("a" then bold code then "b") or after a plain space; two runs that share a kind of
 * mark are always apart, so every mark covers one run (Markdown's delimiters must nest).
 */
const paragraph = (underline: boolean) =>
  fc.array(run(underline), { minLength: 1, maxLength: 5 }).map((runs): DocNode => {
    const content: DocNode[] = [];
    let before: { code: boolean; marks: Mark[] } | null = null;
    for (const r of runs) {
      const marks = r.code ? [{ type: "code" }, ...r.marks] : r.marks;
      const kinds = (m: Mark[]) => m.map((x) => x.type);
      const touching = before !== null && r.joined && !kinds(before.marks).some((k) => kinds(marks).includes(k)) && (marks.length > 0 || before.marks.length > 0);
      if (before && !touching) content.push({ type: "text", text: " " });
      content.push({ type: "text", text: r.text, ...(marks.length ? { marks } : {}) });
      before = { code: r.code, marks };
    }
    return { type: "paragraph", content };
  });

/** A language word within the rule, with characters a fence, an attribute and a style name give a meaning to. */
const language = fc.oneof(
  fc.constantFrom("python", "js", "foo+bar", "föö", ";", "aa", "c++", "a\\*b", "x&amp;y", "{.rust}"),
  fc.stringMatching(/^[a-z0-9+#._;:!?&\\~{}()[\]*=|$%^@,/éö日-]{1,12}$/),
);
const codeBlock = fc
  .tuple(fc.option(language), fc.array(fc.stringMatching(/^[a-z(){}=; `]{1,20}$/), { minLength: 1, maxLength: 3 }))
  .map(([lang, lines]): DocNode => ({ type: "codeBlock", attrs: { language: lang }, content: [{ type: "text", text: lines.join("\n") }] }));

const documentOf = (underline: boolean) =>
  fc.array(fc.oneof({ weight: 3, arbitrary: paragraph(underline) }, { weight: 1, arbitrary: codeBlock }), { minLength: 1, maxLength: 4 }).map((content): DocNode => ({ type: "doc", content }));

describe("code with other formatting, and code languages, through export and import", () => {
  it("come back from the Markdown export as they were (property)", async () => {
    await fc.assert(
      fc.asyncProperty(documentOf(false), async (doc) => {
        const original = stored(doc);
        expect(await throughMarkdown(original), docToMarkdown(original)).toEqual(original);
      }),
      { numRuns: 300 },
    );
  }, 180_000);

  it("come back from the HTML export as they were (property)", async () => {
    await fc.assert(
      fc.asyncProperty(documentOf(true), async (doc) => {
        const original = stored(doc);
        expect(await throughHtml(original)).toEqual(original);
      }),
      { numRuns: 200 },
    );
  }, 180_000);

  it("come back from the Word export as they were (property)", async () => {
    await fc.assert(
      fc.asyncProperty(documentOf(true), async (doc) => {
        const original = stored(doc);
        expect(await throughWord(original)).toEqual(original);
      }),
      { numRuns: 25 },
    );
    // Each run writes and reads a Word file (about 0.1 s on a quiet machine).
  }, 180_000);

  it("write linked and emphasised code as CommonMark nests it: [`x`](u), *`x`*, **`x`**", () => {
    const t = (text: string, ...marks: Mark[]): DocNode => ({ type: "text", text, marks: [{ type: "code" }, ...marks] });
    const md = (...content: DocNode[]) => docToMarkdown(stored({ type: "doc", content: [{ type: "paragraph", content }] }));
    expect(md(t("run()", { type: "link", attrs: { href: "https://example.com/run" } }))).toBe("[`run()`](https://example.com/run)\n");
    expect(md(t("x", { type: "italic" }))).toBe("*`x`*\n");
    expect(md(t("x", { type: "bold" }))).toBe("**`x`**\n");
    // Next to a letter, the letter is a character reference so the "**" still opens and closes.
    expect(md({ type: "text", text: "a" }, t("x", { type: "bold" }), { type: "text", text: "b" })).toBe("&#97;**`x`**&#98;\n");
  });
});
