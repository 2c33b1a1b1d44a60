// Footnotes and code languages through the importers and back: Markdown [^1], pandoc's and
// mammoth's HTML notes, Word's own footnotes and code styles; fast-check properties that any
// footnotes (count, order, text) and code blocks (language, text with backticks) survive
// Markdown and HTML export → import.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { validateDocContent } from "../../shared/editor/validate.js";
import { docToHtml } from "../../shared/export/html.js";
import { docToText } from "../../shared/export/text.js";
import { docToMarkdown } from "../../shared/markdown/to-markdown.js";
import { docToDocx } from "../export/docx.js";
import { convertFile } from "./convert-file.js";

const t = (text: string) => ({ type: "text", text });
const p = (...content: DocNode[]): DocNode => ({ type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content });
const ref = (id: string): DocNode => ({ type: "footnoteReference", attrs: { id } });
const note = (id: string, ...paragraphs: DocNode[]): DocNode => ({ type: "footnote", attrs: { id }, content: paragraphs });
const code = (language: string | null, text: string): DocNode => ({ type: "codeBlock", attrs: { language }, content: text ? [t(text)] : undefined } as DocNode);
const doc = (...content: DocNode[]): DocNode => ({ type: "doc", content });
const checked = (d: DocNode) => {
  const r = validateDocContent(d);
  if (!r.ok) throw new Error(r.message);
  return r.doc;
};
const imported = async (name: string, body: string | Buffer) => (await convertFile(name, Buffer.isBuffer(body) ? body : Buffer.from(body))).content;

const SAMPLE = doc(
  p(t("Water boils at 100 °C"), ref("n1"), t(" at sea level"), ref("n2"), t(".")),
  code("typescript", "const fence = '```';\nconsole.log(fence);"),
  { type: "footnotes", content: [note("n1", p(t("At 1 atm."))), note("n2", p(t("Roughly.")), p(t("Second paragraph.")))] },
);

describe("footnotes and code languages in imports and exports", () => {
  it("Markdown: [^n] references and notes, a fence with its language; read back the same", async () => {
    const md = docToMarkdown(SAMPLE, { title: "Boiling" });
    expect(md).toContain("Water boils at 100 °C[^1] at sea level[^2].");
    expect(md).toContain("[^1]: At 1 atm.");
    expect(md).toContain("[^2]: Roughly.\n\n    Second paragraph.");
    expect(md).toContain("```typescript\n");
    expect(await imported("a.md", md)).toEqual(checked(SAMPLE));
  });

  it("Markdown: a paragraph opening with a footnote reference then \":\", or a note opening with a link on code holding \"]:\", is no definition", async () => {
    const linked = (text: string): DocNode => ({ type: "text", text, marks: [{ type: "code" }, { type: "link", attrs: { href: "https://x.y" } }] });
    const original = doc(
      p(ref("n1"), t(": as noted")),
      { type: "blockquote", content: [p(ref("n2"), t(":x"))] },
      p(t("[^x]: text")),
      { type: "footnotes", content: [note("n1", p(linked("]:_")), p(linked("a]:b"), t(" more"))), note("n2", p(t("[^1]: text")))] },
    );
    const md = docToMarkdown(original);
    expect(md).toContain("[^1]\\: as noted\n");
    expect(md).toContain("[^1]: [`]:_`]( https://x.y)\n");
    expect(await imported("d.md", md)).toEqual(checked(original));
  });

  it("Markdown written elsewhere: named labels, a note used twice, an inline note, a language alias; a language lowlight does not know is kept too", async () => {
    const md = "One[^a] two[^b] again[^a] and^[inline *note*].\n\n[^b]: Bee.\n[^a]: Ay.\n\n```js\nx\n```\n\n```mermaid\ngraph\n```\n";
    expect(await imported("b.md", md)).toEqual(
      checked(
        doc(
          p(t("One"), ref("n1"), t(" two"), ref("n2"), t(" again"), ref("n3"), t(" and"), ref("n4"), t(".")),
          code("js", "x"),
          code("mermaid", "graph"),
          {
            type: "footnotes",
            content: [note("n1", p(t("Ay."))), note("n2", p(t("Bee."))), note("n3", p(t("Ay."))), note("n4", p(t("inline "), { type: "text", text: "note", marks: [{ type: "italic" }] }))],
          },
        ),
      ),
    );
  });

  it("HTML: this app's export, pandoc's and markdown-it's notes sections become footnotes; other in-page links keep their text", async () => {
    expect(await imported("a.html", docToHtml(SAMPLE, { title: "Boiling" }))).toEqual(checked(SAMPLE));
    const pandoc = `<p>Text<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a> and <a href="#intro">intro</a>.</p>
<pre class="python"><code class="language-python">print(1)</code></pre>
<section id="footnotes" class="footnotes footnotes-end-of-document" role="doc-endnotes"><hr /><ol>
<li id="fn1"><p>The note.<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>`;
    const read = await imported("p.html", pandoc);
    expect(read.content![0]!.content!.map((n) => n.type)).toEqual(["text", "footnoteReference", "text", "text", "text"]);
    expect(read.content![0]!.content![3]).toMatchObject({ text: "intro", marks: [{ type: "link", attrs: { href: "#intro" } }] });
    expect(read.content!.slice(1)).toEqual(checked(doc(code("python", "print(1)"), { type: "footnotes", content: [note("n1", p(t("The note.")))] })).content);
    const markdownIt = `<p>A<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup></p><hr class="footnotes-sep"><section class="footnotes"><ol class="footnotes-list"><li id="fn1" class="footnote-item"><p>Noted. <a href="#fnref1" class="footnote-backref">↩︎</a></p></li></ol></section>`;
    const fromMarkdownIt = await imported("m.html", markdownIt);
    expect(fromMarkdownIt.content!.at(-1)).toEqual({ type: "footnotes", content: [note("n1", p(t("Noted.")))] });
  });

  it("Word: real footnotes and a code block's language style come back as footnotes and the language", async () => {
    const buffer = await docToDocx(SAMPLE, { title: "Boiling" });
    const back = await imported("a.docx", buffer);
    expect(back).toEqual(checked(SAMPLE));
  });

  it("text: numbers in brackets, the notes after the text", () => {
    expect(docToText(SAMPLE)).toBe("Water boils at 100 °C[1] at sea level[2].\n\nconst fence = '```';\nconsole.log(fence);\n\n[1] At 1 atm.\n\n[2] Roughly.\nSecond paragraph.\n");
  });

  it("property: any footnotes (count, place, text) and code blocks (language, text with backticks) survive Markdown and HTML export → import", async () => {
    const word = fc.stringMatching(/^[A-Za-z0-9*_`#[\]<>&~|!-]{1,8}$/);
    const sentence = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(" "));
    const language = fc.constantFrom(null, "python", "js", "typescript", "rust", "sql", "bash", "plaintext");
    const codeText = fc.array(fc.stringMatching(/^[a-z `~{}();=<>]{0,12}$/), { minLength: 1, maxLength: 4 }).map((l) => l.join("\n").replace(/^\n+|\n+$/g, ""));
    const block = fc.oneof(
      fc.record({ kind: fc.constant("p" as const), parts: fc.array(fc.oneof(sentence.map((s) => ({ s })), fc.record({ note: fc.array(sentence, { minLength: 1, maxLength: 2 }) })), { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant("code" as const), language, text: codeText }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(block, { minLength: 1, maxLength: 5 }), async (blocks) => {
        const notes: DocNode[] = [];
        const content: DocNode[] = blocks.map((b) => {
          if (b.kind === "code") return code(b.language, b.text);
          const inline: DocNode[] = [];
          for (const part of b.parts) {
            if ("s" in part) {
              const last = inline[inline.length - 1];
              if (last?.type === "text") last.text += ` ${part.s}`;
              else inline.push(t(inline.length ? ` ${part.s}` : part.s));
            } else {
              const id = `n${notes.length + 1}`;
              inline.push(ref(id));
              notes.push(note(id, ...part.note.map((s) => p(t(s)))));
            }
          }
          return p(...inline);
        });
        if (notes.length) content.push({ type: "footnotes", content: notes });
        const original = checked(doc(...content));
        expect(await imported("r.md", docToMarkdown(original, { title: "R" }))).toEqual(original);
        expect(await imported("r.html", docToHtml(original, { title: "R" }))).toEqual(original);
      }),
      { numRuns: 60 },
    );
  });
});
