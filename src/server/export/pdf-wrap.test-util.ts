// Reading a PDF export back word by word, and the documents its wrapping is tested on
// (pdf-wrap.test.ts, pdf-wrap.int.test.ts). `pdftotext -bbox` gives every word's box; then
//  - no two words' boxes on a page may overlap (beyond a rounding epsilon), and
//  - the words read line by line, top to bottom, must be the document's words in order: none
//    lost, none repeated, a word broken over two lines (after a hyphen, or between the
//    characters of a word wider than a line) joining up again.
// Characters the fonts cannot draw print as "?" (pdf-text.ts), so a "?" read back stands
// for any one character. A line with right-to-left words is read back in visual order and
// put back in logical order by the Unicode bidi algorithm (bidi-js), as a reader reads it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import bidiFactory from "bidi-js";
import type { DocNode } from "../../shared/editor/schema.js";
import { children, orderedStart, textOf } from "../../shared/export/inline.js";
import { renderExport } from "./render.js";

type Mark = NonNullable<DocNode["marks"]>[number];
export type PageSize = "a4" | "letter";

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Boxes closer than this (in points) count as touching, not overlapping. */
const EPSILON = 0.01;

const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#(\d+));/g, (_, name: string, code?: string) =>
    code ? String.fromCodePoint(Number(code)) : ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>)[name]!,
  );

/** The words of each page with their boxes, as `pdftotext -bbox` reads them. */
export function wordBoxes(pdf: Buffer): Word[][] {
  const file = path.join(os.tmpdir(), `pdf-wrap-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  let html: string;
  try {
    html = execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 256 << 20 });
  } finally {
    fs.rmSync(file, { force: true });
  }
  return html
    .split(/<page /)
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)<\/word>/g)].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: unescapeXml(m[5]!),
      })),
    );
}

/** Pairs of words whose boxes overlap on a page. */
export function overlaps(pages: Word[][]): string[] {
  const found: string[] = [];
  pages.forEach((words, page) => {
    const sorted = [...words].sort((a, b) => a.yMin - b.yMin);
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i]!;
      for (let j = i + 1; j < sorted.length && sorted[j]!.yMin < a.yMax - EPSILON; j++) {
        const b = sorted[j]!;
        const dx = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
        const dy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
        if (dx > EPSILON && dy > EPSILON) found.push(`page ${page + 1}: "${a.text}" and "${b.text}" (${dx.toFixed(2)} x ${dy.toFixed(2)} pt)`);
      }
    }
  });
  return found;
}

/** How much of the lower of two boxes' heights they share vertically (0 to 1). */
function verticalShare(a: Word, b: Word): number {
  const shared = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
  return shared / Math.min(a.yMax - a.yMin, b.yMax - b.yMin);
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufefc]/;
const bidi = bidiFactory();

/** A line's words, read left to right, in the order a reader reads them. */
function logicalOrder(visual: string[]): string[] {
  if (!visual.some((w) => RTL.test(w))) return visual;
  const line = visual.join(" ");
  return bidi.getReorderedString(line, bidi.getEmbeddingLevels(line, "auto")).split(" ").filter(Boolean);
}

/**
 * The words in reading order: lines by their baseline (a DejaVu box runs from 0.928 of the
 * size above the baseline to 0.236 below) or, for the Noto fonts' other proportions, by
 * sharing most of their height; each line left to right, then in logical order.
 */
export function readingOrder(pages: Word[][]): string[] {
  const out: string[] = [];
  for (const words of pages) {
    const placed = words.map((w) => {
      const size = (w.yMax - w.yMin) / 1.164;
      return { w, baseline: w.yMax - 0.236 * size };
    });
    placed.sort((a, b) => a.baseline - b.baseline);
    const lines: (typeof placed)[] = [];
    for (const p of placed) {
      const line = lines[lines.length - 1];
      if (line?.some((q) => Math.abs(q.baseline - p.baseline) < 0.5 || verticalShare(q.w, p.w) > 0.6)) line.push(p);
      else lines.push([p]);
    }
    for (const line of lines) out.push(...logicalOrder(line.sort((a, b) => a.w.xMin - b.w.xMin).map((p) => p.w.text)));
  }
  return out;
}

/** Characters compared: no invisible joiners or emoji variation selectors. */
function chars(word: string, _readBack: boolean): string[] {
  return [...word.normalize("NFC").replace(/\p{Cf}|[\ufe00-\ufe0f]/gu, "")];
}

/** Where the words read back differ from the expected ones (empty when they match). */
export function compareWords(read: string[], expected: string[]): string {
  let i = 0;
  for (let k = 0; k < expected.length; k++) {
    const want = chars(expected[k]!, false);
    const start = i;
    const got: string[] = [];
    while (got.length < want.length && i < read.length) got.push(...chars(read[i++]!, true));
    const same = got.length === want.length && got.every((c, n) => c === want[n] || c === "?");
    if (!same) {
      return `word ${k} "${expected[k]}" read as "${read.slice(start, i).join(" ")}"; expected …${expected.slice(Math.max(0, k - 3), k + 4).join(" ")}…, read …${read.slice(Math.max(0, start - 3), start + 6).join(" ")}…`;
    }
  }
  return i < read.length ? `extra words read: ${read.slice(i, i + 10).join(" ")}` : "";
}

/** The words the file should show, in order: title, then every block (list markers before their item). */
export function expectedWords(doc: DocNode, title: string): string[] {
  const words = (title.trim() || "Untitled Document").split(/\s+/).filter(Boolean);
  const inline = (node: DocNode) =>
    children(node)
      .map((c) => (c.type === "hardBreak" ? "\n" : textOf(c)))
      .join("")
      .split(/\s+/)
      .filter(Boolean);
  const walk = (node: DocNode) => {
    switch (node.type) {
      case "paragraph":
      case "heading":
      case "codeBlock":
        words.push(...inline(node));
        break;
      case "bulletList":
      case "orderedList": {
        let n = orderedStart(node);
        for (const item of children(node)) {
          words.push(node.type === "orderedList" ? `${n++}.` : "\u2022");
          children(item).forEach(walk);
        }
        break;
      }
      default:
        children(node).forEach(walk);
    }
  };
  walk(doc);
  return words;
}

/** Overlapping word pairs, where the words read back first differ (empty if nowhere), and how many words. */
export function readBack(pdf: Buffer, doc: DocNode, title: string) {
  const pages = wordBoxes(pdf);
  return { overlaps: overlaps(pages), order: compareWords(readingOrder(pages), expectedWords(doc, title)), words: pages.flat().length };
}

/** Exports through renderExport, what the export routes call. */
export async function check(doc: DocNode, title: string, pageSize: PageSize = "a4") {
  const file = await renderExport(doc, title, "pdf", { now: new Date("2026-01-02T03:04:05Z"), pageSize });
  return readBack(file.body, doc, title);
}

// ---- Fixtures ----

export const t = (text: string, ...marks: Mark[]): DocNode => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
export const p = (...content: DocNode[]): DocNode => ({ type: "paragraph", content });
export const aligned = (textAlign: string, ...content: DocNode[]): DocNode => ({ type: "paragraph", attrs: { textAlign }, content });
export const h = (level: number, text: string, textAlign?: string): DocNode => ({ type: "heading", attrs: { level, ...(textAlign ? { textAlign } : {}) }, content: [t(text)] });
export const li = (...content: DocNode[]): DocNode => ({ type: "listItem", content });
export const ul = (...items: DocNode[]): DocNode => ({ type: "bulletList", content: items });
export const ol = (start: number, ...items: DocNode[]): DocNode => ({ type: "orderedList", attrs: { start }, content: items });
export const quote = (...content: DocNode[]): DocNode => ({ type: "blockquote", content });
export const code = (text: string): DocNode => ({ type: "codeBlock", content: [t(text)] });
export const doc = (...content: DocNode[]): DocNode => ({ type: "doc", content });
export const sized = (fontSize: string, fontFamily?: string): Mark => ({ type: "textStyle", attrs: { fontSize, ...(fontFamily ? { fontFamily } : {}) } });
export const link = (href: string): Mark => ({ type: "link", attrs: { href } });
export const bold: Mark = { type: "bold" };
export const italic: Mark = { type: "italic" };

/** The paragraph: twelve sentences of hyphenated words. */
export const HYPHENATED = [
  "The well-known author wrote an up-to-date guide to data-driven design.",
  "Our state-of-the-art, self-contained and long-term plan was short-lived.",
  "A mother-in-law and a father-in-law met a run-of-the-mill editor.",
  "Real-time, high-quality, low-cost, user-friendly tools are hard-won.",
  "Cross-platform, open-source, cloud-native, well-tested code is five-star.",
  "The so-called never-ending story had a happy-go-lucky, up-and-coming hero.",
  "Check the read-only, copy-on-write, write-ahead log on a day-to-day basis.",
  "She gave a matter-of-fact, once-in-a-lifetime, behind-the-scenes account.",
  "Twenty-one first-time voters made a last-minute, all-or-nothing choice.",
  "Peer-to-peer, end-to-end, zero-knowledge encryption is state-of-the-art.",
  "Multi-step, fine-grained, hand-picked, top-notch, second-to-none results.",
  "Its easy-to-read, well-organised, up-to-the-minute pages are long-lasting.",
].join(" ");

export const LONG_URL = `https://example.com/${"very-long-path-segment/".repeat(12)}file-name.html?query=some-value&other=another-value#section-heading`;

export const FIXTURES: { name: string; doc: DocNode; title?: string; pageSize?: PageSize }[] = [
  {
    name: "the issue's hyphenated paragraph, shifted so every hyphen meets the line end",
    // One to twenty letters in front move every word across the wrap point.
    doc: doc(p(t(HYPHENATED)), ...Array.from({ length: 20 }, (_, k) => p(t(`${"i".repeat(k + 1)} ${HYPHENATED}`)))),
  },
  {
    name: "hyphenated paragraphs justified, centred, right-aligned and at 14, 20 and 36 pt",
    doc: doc(
      aligned("justify", t(HYPHENATED)),
      aligned("center", t(HYPHENATED)),
      aligned("right", t(HYPHENATED)),
      ...["14pt", "20pt", "36pt"].map((size) => p(t(HYPHENATED, sized(size)))),
      aligned("justify", t(HYPHENATED, sized("27px", "Georgia, serif"))),
    ),
  },
  {
    name: "hyphenated words whose parts change style, size or font mid-word",
    doc: doc(
      p(
        ...Array.from({ length: 30 }, (_, k) => [
          t("well-", bold),
          t("known", italic),
          t(" data"),
          t("-driven", sized("18pt", "Georgia")),
          t(" state-of-", { type: "underline" }),
          t("the-art", { type: "strike" }),
          t(` up-to-date${k % 3 ? "" : "-ish"} `, sized(`${8 + (k % 5) * 6}pt`)),
          t("ready-made", { type: "code" }),
          t(" "),
        ]).flat(),
      ),
      aligned("justify", ...Array.from({ length: 20 }, () => [t("long-"), t("term ", bold), t("x-ray "), t("e-mail", link("mailto:a@b.example")), t(" ")]).flat()),
    ),
  },
  {
    name: "words longer than a line, with and without hyphens",
    doc: doc(
      p(t("x".repeat(1500))),
      p(t(`before ${"Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(8)} after`)),
      p(t(`${"a-".repeat(300)}end`)),
      p(t(`dashes ${"-".repeat(250)} and ${"\u2013".repeat(80)} done`)),
      p(t(`word-${"y".repeat(600)}-tail and more-words`)),
      p(t(`${"Ж".repeat(200)}-${"Ω".repeat(200)}`)),
      p(t("w".repeat(120), sized("96pt"))),
      aligned("justify", t(`short ${"m".repeat(400)} short`)),
      aligned("center", t(`${"W".repeat(150)} centred`)),
    ),
  },
  {
    name: "long URLs, as links and as text",
    doc: doc(
      p(t("Visit "), t(LONG_URL, link(LONG_URL)), t(" today.")),
      p(t(`Plain ${LONG_URL} and ${LONG_URL.replace(/-/g, "_")} and ${LONG_URL}`)),
      p(t(LONG_URL, { type: "code" })),
      ul(li(p(t(LONG_URL, link(LONG_URL))))),
      quote(p(t(LONG_URL))),
    ),
  },
  {
    name: "mixed scripts: Latin, Cyrillic, Greek, CJK, Arabic, Hebrew and emoji",
    doc: doc(
      p(t("Zażółć gęślą jaźń. Příliš žluťoučký kůň. Işık ğüşöç. Gemeinde-Großstadt-Übersicht, naïve-café-crème.")),
      p(t("Съешь же ещё этих мягких французских булок: северо-западный, научно-исследовательский, светло-зелёный, кто-нибудь.")),
      p(t("Καλημέρα κόσμε, ελληνο-τουρκικός, αγγλο-γαλλικός, Ευρω-Μεσογειακή συνεργασία.")),
      p(t("Chinese 中文文本没有空格会很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长, Japanese こんにちは世界, Korean 한국어 텍스트.")),
      p(t("Arabic مرحبا بالعالم and Hebrew שלום עולם in a Latin sentence with well-known words.")),
      p(t("Emoji 😀 🎉 ❤️ 👍 🇵🇱 👩‍💻 between words, and 😀😀😀-😀😀😀 joined.")),
      p(t(`${"Съешь-же-ещё-этих ".repeat(12)}${"Καλημέρα-κόσμε ".repeat(12)}`)),
      p(t(`${"中文".repeat(120)}`)),
      h(2, "Заголовок с дефис-словами и Ελληνικά-λόγια"),
    ),
  },
  {
    name: "headings at every level and alignment",
    title: "A well-known, up-to-date, state-of-the-art, data-driven title that is long enough to wrap twice over",
    doc: doc(
      h(1, "A well-known, up-to-date, state-of-the-art, data-driven heading that wraps"),
      h(2, "Second-level, long-winded, hyphen-heavy, cross-referenced heading that wraps", "center"),
      h(3, "Third-level, right-aligned, never-ending, multi-part, self-explanatory heading text", "right"),
      h(1, `${"Heading".repeat(12)}-${"Overflow".repeat(6)}`),
      p(t(HYPHENATED)),
    ),
  },
  {
    name: "lists: bullets, six- and seven-digit numbers, nesting past the last indent",
    doc: doc(
      ul(...HYPHENATED.split(". ").map((s) => li(p(t(s))))),
      ol(999_990, ...Array.from({ length: 14 }, (_, k) => li(p(t(`Item ${k} is a well-known, up-to-date, data-driven list item.`))))),
      // Ten levels deep: past eight the indent stops growing.
      [...Array(10).keys()].reduceRight<DocNode>(
        (inner, k) => ul(li(p(t(`Level ${k} well-known, state-of-the-art, up-to-date nested item text`)), inner)),
        ul(li(p(t(HYPHENATED)))),
      ),
      ol(5, li(p(t("First")), p(t("Second-paragraph in the same item, long-term and short-lived."))), li(p())),
    ),
  },
  {
    // Not what the editor makes (an item starts with a paragraph), but the export must cope.
    name: "lists whose items open with a list, to eleven levels, and an empty item",
    doc: doc(
      [...Array(11).keys()].reduceRight<DocNode>((inner, k) => (k % 2 ? ol(k, li(inner)) : ul(li(inner))), ul(li(p(t("deepest well-known item"))))),
      ul(li(ul(li(p(t("small-print text", sized("8pt")))), li(p(t("huge-print text", sized("40pt"))))))),
      ol(1, li(), li(p(t("after-empty item")))),
    ),
  },
  {
    name: "block quotes, nested, with lists and code inside",
    doc: doc(
      quote(p(t(HYPHENATED)), quote(p(t(HYPHENATED)), quote(p(t(HYPHENATED, bold))))),
      quote(ul(li(p(t("quoted well-known item"))), li(p(t(LONG_URL)))), code("const data-driven = up-to-date;")),
    ),
  },
  {
    name: "code blocks: long lines, hyphens, tabs and an unbroken token",
    doc: doc(
      code(
        [
          "function wellKnown(upToDate) {",
          "\treturn data-driven - state-of-the-art + long-term / short-lived; // a comment-with-hyphens that runs on and on past the end",
          `\tconst token = "${"z".repeat(600)}";`,
          `\t\t${"very-long-identifier-".repeat(10)}end`,
          "}",
        ].join("\n"),
      ),
      code(`${"x".repeat(450)} ${"q-".repeat(250)}`),
    ),
  },
  {
    name: "narrow columns: 48 to 96 pt text inside eight nested quotes",
    pageSize: "letter",
    doc: doc(
      [...Array(8).keys()].reduce<DocNode>(
        (inner) => quote(inner),
        quote(
          p(t(HYPHENATED, sized("48pt"))),
          aligned("justify", t(HYPHENATED, sized("72pt"))),
          p(t("well-known up-to-date x-y-z", sized("96pt"))),
          p(t(`${"m".repeat(40)}-${"n".repeat(40)}`, sized("96pt", "Georgia"))),
          ul(li(p(t("state-of-the-art data-driven", sized("64pt"))))),
        ),
      ),
    ),
  },
  {
    name: "hard breaks inside hyphenated text and empty paragraphs",
    doc: doc(
      p(t("well-"), { type: "hardBreak" }, t("known and up-to-"), { type: "hardBreak" }, { type: "hardBreak" }, t("date words")),
      p(),
      aligned("justify", ...Array.from({ length: 12 }, () => [t("data-driven state-of-the-art"), { type: "hardBreak" }]).flat()),
      { type: "horizontalRule" },
      p(t("   leading and trailing spaces   ")),
    ),
  },
];
