// Inputs that crash converters: long, deeply nested and malformed Markdown, HTML and Word
// files, generated with fast-check and posted to POST /api/import. Every answer must be a
// 201 whose document passes the schema check, or a 4xx with a reason: never a 5xx (a stack
// overflow in a converter, or a spread of a 100,000-piece paragraph, was a 500).
import os from "node:os";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateDocContent } from "../../shared/editor/validate.js";
import { type LogLine, type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { docxBytes, documentXml, zipBytes } from "./zip-bytes.test-util.js";

let t: TestApp;
let owner: TestUser;
// The server's error lines: a 5xx is reported with the error behind it.
const logs: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" }, { logs });
  owner = await createTestUser(t, { plan: "professional" });
});
afterAll(() => t?.close());

/** Per format: cases run, answers by status, and the slowest answer. */
const figures: Record<string, { cases: number; statuses: Record<number, number>; slowestMs: number; largest: number }> = {};

/** Posts one file; checks the answer is a valid imported document or a 4xx with a reason. */
async function importChecked(format: string, name: string, body: Buffer): Promise<void> {
  logs.length = 0;
  const started = performance.now();
  const res = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name, data: body.toString("base64") }] } });
  const ms = performance.now() - started;
  figures[format] ??= { cases: 0, statuses: {}, slowestMs: 0, largest: 0 };
  const f = figures[format];
  f.cases++;
  f.statuses[res.statusCode] = (f.statuses[res.statusCode] ?? 0) + 1;
  f.slowestMs = Math.max(f.slowestMs, ms);
  f.largest = Math.max(f.largest, body.length);
  const context = `${name} (${body.length} bytes, starts ${JSON.stringify(body.subarray(0, 80).toString("latin1"))}): ${res.statusCode} ${res.body.slice(0, 300)}`;
  const logged = logs.map((l) => JSON.stringify(l.err ?? l.msg).slice(0, 1500)).join("\n");
  expect(res.statusCode, `${context}\n${logged}`).not.toBeGreaterThanOrEqual(500);
  if (res.statusCode === 201) {
    const result = res.json().results[0];
    expect(result.status, context).toBe("imported");
    const doc = await request(t, "GET", `/api/documents/${result.id}`, { user: owner });
    expect(doc.statusCode, context).toBe(200);
    const checked = validateDocContent(doc.json().content);
    expect(checked.ok, `${context}: ${checked.ok ? "" : checked.message}`).toBe(true);
    await request(t, "DELETE", `/api/documents/${result.id}`, { user: owner });
  } else {
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
    const answer = res.json();
    expect(typeof answer.message, context).toBe("string");
    expect(answer.message.length, context).toBeGreaterThan(0);
    // One file refused: its reason is said, and not as a wall of text.
    expect(answer.message.length, context).toBeLessThan(1000);
  }
}

/** A generated file that prints as its size and first characters when a case fails (not as 400 KB of text). */
interface Sample {
  bytes: Buffer;
  [fc.toStringMethod]: () => string;
}
const sample = (bytes: Buffer): Sample => ({
  bytes,
  [fc.toStringMethod]: () => `${bytes.length} bytes: ${JSON.stringify(bytes.subarray(0, 200).toString("latin1"))}${bytes.length > 200 ? "…" : ""}`,
});
const asText = (arb: fc.Arbitrary<string>) => arb.map((text) => sample(Buffer.from(text)));
const text = (value: string): [Sample] => [sample(Buffer.from(value))];

/** `piece` n times, or `open` n times around a word and `close` n times. */
const repeated = (piece: fc.Arbitrary<string>, max: number) =>
  fc.tuple(piece, fc.integer({ min: 1, max })).map(([p, n]) => p.repeat(Math.max(1, Math.floor(n / Math.max(1, p.length)))));
const nested = (pairs: [string, string][], max: number) =>
  fc.tuple(fc.constantFrom(...pairs), fc.integer({ min: 1, max })).map(([[open, close], n]) => `${open.repeat(n)}x${close.repeat(n)}`);
/** Strings over `units`: syntax fragments, in any order. */
const soup = (units: string[], maxLength: number) => fc.array(fc.constantFrom(...units), { maxLength }).map((a) => a.join(""));

const RUNS = Number(process.env.IMPORT_FUZZ_RUNS ?? 20);
const MD_UNITS = ["*", "**", "_", "[", "]", "(", ")", "`", "```", "\n", "\n\n", "> ", "- ", "1. ", "|", "---", "!", "#", " ", "a", "\\", "<", "&amp;", "~~", "https://e.x", "![", "](https://e.x/p.png)", "](../p.png)", "\t", "    ", "<sup>", "</sub>", "<mark>", "- [x] ", "- [ ] "];
const HTML_UNITS = ["<p>", "</p>", "<b>", "</b>", "<i>", "<a href='https://e.x'>", "<a href='javascript:x'>", "</a>", "<ul>", "<li>", "</li>", "<ol start='99999999'>", "<blockquote>", "<pre>", "<code class='language-js'>", "<table>", "<tr>", "<td>", "<br>", "<h1>", "<title>", "<script>", "<img alt='x'>", "<img src='https://e.x/p.png' alt='x'>", "<img src='javascript:x'>", "<img src='docs/p.png' alt='x'>", "<div>", "</div>", "<", ">", "&", "&#0;", "\u0000", "a", " ", "\n", "<p class='document-title'>", "<!--", "-->", "<![CDATA["];

describe("every import is a 2xx with a valid document or a 4xx with a reason, never a 5xx", () => {
  afterAll(() => {
    const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");
    for (const [format, f] of Object.entries(figures)) {
      console.log(`${format}: ${f.cases} cases, answers ${JSON.stringify(f.statuses)}, largest ${Math.round(f.largest / 1024)} KB, slowest ${Math.round(f.slowestMs)} ms (load average ${load})`);
    }
  });

  it("Markdown: long paragraphs, deep nesting, malformed syntax", async () => {
    const markdown = fc.oneof(
      // One long paragraph made of a single kind of piece, up to 400 KB.
      repeated(fc.constantFrom("*a* b ", "`x` ", "[l](https://e.x) ", "a  \n", "word ", "**b** ", "~~s~~ ", "![i](p.png) ", "![i](https://e.x/p.png) ", "[![b](https://e.x/b.svg)](https://e.x) ", "\\* ", "_a_", "<b>", " ", "\n"), 400_000),
      // Emphasis, links, quotes and lists nested up to 10,000 deep.
      nested(
        [
          ["*", "*"],
          ["**", "**"],
          ["*a ", " a*"],
          ["_a ", " a_"],
          ["~~", "~~"],
          ["[", "](https://e.x)"],
          ["![", "](https://e.x/p.png)"],
          ["> ", ""],
          ["- ", ""],
          ["1. ", ""],
          ["> - ", ""],
          ["`", "`"],
          ["<sup>a ", "</sup>"],
          ["<mark><sub>", ""],
          ["- [x] ", ""],
        ],
        10_000,
      ),
      soup(MD_UNITS, 3000),
    );
    await fc.assert(
      fc.asyncProperty(asText(markdown), (md) => importChecked("Markdown", "fuzz.md", md.bytes)),
      {
        numRuns: RUNS,
        examples: [
          // The cases: a 400 KB paragraph, 10,000 nested emphases, links and quotes.
          text("*a* b ".repeat(70_000)),
          text(`${"*a ".repeat(10_000)}x${" a*".repeat(10_000)}`),
          text(`${"[".repeat(10_000)}x${"](u)".repeat(10_000)}`),
          text(`${"> ".repeat(10_000)}x`),
          text("\n".repeat(5000)),
        ],
      },
    );
  });

  it("HTML: long paragraphs, deep nesting, malformed markup", async () => {
    const html = fc.oneof(
      repeated(fc.constantFrom("<b>a</b> b ", "a<br>", "<a href='https://e.x'>l</a> ", "<p>p</p>", "<li>i", "<td>c", "&amp;", " ", "<i><b>x"), 400_000),
      nested(
        [
          ["<div>", "</div>"],
          ["<em>", "</em>"],
          ["<a href='https://e.x'>", "</a>"],
          ["<blockquote>", "</blockquote>"],
          ["<ul><li>", "</li></ul>"],
          ["<ol><li><p>", ""],
          ["<table><tr><td>", ""],
          ["<pre>", ""],
          ["<h1>", ""],
          ["<span>", "</span>"],
        ],
        8000,
      ),
      soup(HTML_UNITS, 3000),
    );
    await fc.assert(
      fc.asyncProperty(asText(html), (page) => importChecked("HTML", "fuzz.html", page.bytes)),
      { numRuns: RUNS, examples: [text(`${"<blockquote><ul><li>".repeat(3000)}x`), text(`<p>${"<b>a</b> b ".repeat(35_000)}`)] },
    );
  });

  it("Word: long paragraphs, deep nesting and malformed document.xml and archives", async () => {
    const run = fc.constantFrom(
      "<w:r><w:t>a </w:t></w:r>",
      "<w:r><w:rPr><w:b/><w:i/></w:rPr><w:t>b</w:t></w:r>",
      "<w:r><w:br/></w:r>",
      "<w:r><w:tab/></w:r>",
      '<w:hyperlink w:anchor="x"><w:r><w:t>l</w:t></w:r></w:hyperlink>',
    );
    const body = fc.oneof(
      // One long paragraph (the XML stays under 1 MB: past it a file must compress less than 100:1).
      fc.tuple(run, fc.integer({ min: 1, max: 20_000 })).map(([r, n]) => `<w:p>${r.repeat(Math.min(n, Math.floor(900_000 / r.length)))}</w:p>`),
      // Nested structures Word allows (tables in cells, content controls, hyperlinks, smart tags) and unknown elements.
      fc
        .tuple(
          fc.constantFrom<[string, string]>(
            ["<w:tbl><w:tr><w:tc>", "</w:tc></w:tr></w:tbl>"],
            ["<w:sdt><w:sdtContent>", "</w:sdtContent></w:sdt>"],
            ["<w:hyperlink>", "</w:hyperlink>"],
            ["<w:smartTag>", "</w:smartTag>"],
            ["<x>", "</x>"],
            ["<w:ins><w:del>", "</w:del></w:ins>"],
          ),
          fc.integer({ min: 1, max: 5000 }),
        )
        .map(([[open, close], n]) => `${open.repeat(n)}<w:p><w:r><w:t>x</w:t></w:r></w:p>${close.repeat(n)}`),
      soup(["<w:p>", "</w:p>", "<w:r>", "</w:r>", "<w:t>", "</w:t>", "a", "<w:tbl>", "<w:tc>", "&", "<", ">", "<w:b/>", "]]>", "<!DOCTYPE x>", "<?xml?>", "\u0000"], 2000),
    );
    const archive = fc.oneof(
      { weight: 6, arbitrary: body.map((b) => docxBytes(documentXml(b))) },
      // Cut short, XML cut short, no document part, a broken deflate stream, a part stored with the wrong size.
      { weight: 1, arbitrary: fc.tuple(body, fc.integer({ min: 4, max: 2000 })).map(([b, n]) => docxBytes(documentXml(b)).subarray(0, n)) },
      { weight: 1, arbitrary: body.map((b) => docxBytes(documentXml(b).slice(0, Math.floor(documentXml(b).length / 2)))) },
      { weight: 1, arbitrary: fc.constant(zipBytes([{ name: "word/other.xml", data: Buffer.from("<x/>") }])) },
      { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 500 }).map((bytes) => docxBytes({ name: "word/document.xml", deflated: Buffer.from(bytes), declaredSize: 1000 })) },
      { weight: 1, arbitrary: body.map((b) => docxBytes({ name: "word/document.xml", data: Buffer.from(documentXml(b)), method: 0, declaredSize: 7 })) },
    );
    await fc.assert(
      fc.asyncProperty(archive.map(sample), (file) => importChecked("Word", "fuzz.docx", file.bytes)),
      { numRuns: RUNS, examples: [[sample(docxBytes(documentXml(`${"<w:hyperlink>".repeat(3000)}<w:p><w:r><w:t>x</w:t></w:r></w:p>${"</w:hyperlink>".repeat(3000)}`)))]] },
    );
  });
});
