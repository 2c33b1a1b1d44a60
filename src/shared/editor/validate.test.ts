import { describe, expect, it } from "vitest";
import { isAllowedHref } from "./links.js";
import { RICH_DOC } from "../export/rich-fixtures.js";
import { MAX_DOC_DEPTH, checkAttrs, validateDocContent } from "./validate.js";

const para = (text: string, marks?: unknown[]) => ({ type: "paragraph", content: [{ type: "text", text, ...(marks ? { marks } : {}) }] });
const doc = (...content: unknown[]) => ({ type: "doc", content });

describe("validateDocContent", () => {
  it("accepts every node and mark of the editor", () => {
    const full = doc(
      { type: "heading", attrs: { level: 2, textAlign: "center" }, content: [{ type: "text", text: "Title" }] },
      para("bold", [{ type: "bold" }, { type: "italic" }, { type: "underline" }, { type: "strike" }]),
      para("link", [{ type: "link", attrs: { href: "https://example.com", target: "_blank" } }]),
      para("styled", [{ type: "textStyle", attrs: { color: "#dc2626", fontFamily: "Georgia", fontSize: "18px" } }]),
      { type: "bulletList", content: [{ type: "listItem", content: [para("one")] }] },
      { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [para("two")] }] },
      { type: "blockquote", content: [para("quote")] },
      { type: "codeBlock", attrs: { language: "ts" }, content: [{ type: "text", text: "const a = 1;" }] },
      { type: "horizontalRule" },
      { type: "paragraph", content: [{ type: "text", text: "a" }, { type: "hardBreak" }, { type: "text", text: "b", marks: [{ type: "code" }] }] },
    );
    expect(validateDocContent(full).ok).toBe(true);
  });

  it("accepts headings 1 to 6, to-do lists with checked items, superscript, subscript and highlight", () => {
    const result = validateDocContent(RICH_DOC);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc).toEqual(RICH_DOC);
    for (const level of [1, 2, 3, 4, 5, 6]) expect(validateDocContent(doc({ type: "heading", attrs: { level } })).ok, String(level)).toBe(true);
  });

  it("refuses heading levels outside 1–6, a checked value that is not a boolean and to-do items outside a to-do list", () => {
    for (const level of [0, 7, 2.5, "4", null]) {
      expect(validateDocContent(doc({ type: "heading", attrs: { level }, content: [{ type: "text", text: "x" }] })).ok, String(level)).toBe(false);
    }
    const item = (checked: unknown) => ({ type: "taskList", content: [{ type: "taskItem", attrs: { checked }, content: [para("x")] }] });
    expect(validateDocContent(doc(item(true))).ok).toBe(true);
    for (const checked of ["true", 1, { a: 1 }]) expect(validateDocContent(doc(item(checked))).ok, JSON.stringify(checked)).toBe(false);
    expect(checkAttrs("taskItem", { checked: "yes" })).toMatch(/checked/);
    expect(checkAttrs("heading", { level: 6 })).toBeNull();
    expect(validateDocContent(doc({ type: "bulletList", content: [{ type: "taskItem", content: [para("x")] }] })).ok).toBe(false);
    expect(validateDocContent(doc({ type: "taskList", content: [{ type: "listItem", content: [para("x")] }] })).ok).toBe(false);
  });

  it("accepts the empty document and content sent as a JSON string", () => {
    expect(validateDocContent({ type: "doc", content: [] })).toEqual({ ok: true, doc: { type: "doc", content: [] } });
    expect(validateDocContent(JSON.stringify(doc(para("hi")))).ok).toBe(true);
  });

  it("refuses unknown types, bad shapes and broken JSON", () => {
    expect(validateDocContent(doc({ type: "iframe" })).ok).toBe(false);
    expect(validateDocContent(doc(para("x", [{ type: "blink" }]))).ok).toBe(false);
    expect(validateDocContent({ type: "paragraph" }).ok).toBe(false);
    expect(validateDocContent(doc({ type: "paragraph", content: "text" })).ok).toBe(false);
    expect(validateDocContent("{not json").ok).toBe(false);
    expect(validateDocContent(doc({ type: "listItem", content: [para("x")] })).ok).toBe(false);
  });

  it("refuses attribute values that would break out of HTML or CSS on export", () => {
    expect(validateDocContent(doc(para("x", [{ type: "textStyle", attrs: { color: "red;background:url(x)" } }]))).ok).toBe(false);
    expect(validateDocContent(doc(para("x", [{ type: "textStyle", attrs: { fontSize: "12px;x:y" } }]))).ok).toBe(false);
    expect(validateDocContent(doc({ type: "paragraph", attrs: { textAlign: "center;color:red" } })).ok).toBe(false);
    expect(validateDocContent(doc({ type: "heading", attrs: { level: 7 } })).ok).toBe(false);
    expect(validateDocContent(doc({ type: "heading", attrs: { level: 0 } })).ok).toBe(false);
    expect(validateDocContent(doc({ type: "codeBlock", attrs: { language: '"><script>' } })).ok).toBe(false);
  });

  it("refuses links outside the allowed schemes", () => {
    for (const href of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\nscript:x", "data:text/html,x", "vbscript:x"]) {
      expect(validateDocContent(doc(para("x", [{ type: "link", attrs: { href } }]))).ok, href).toBe(false);
    }
  });

  it("refuses nesting deeper than the limit without overflowing the stack", () => {
    let node: unknown = para("deep");
    for (let i = 0; i < 100_000; i++) node = { type: "blockquote", content: [node] };
    const result = validateDocContent(doc(node));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(String(MAX_DOC_DEPTH));
  });

  it("refuses a NUL or a lone surrogate anywhere in the tree, naming where", () => {
    const nul = validateDocContent(doc(para("ok"), para("a\u0000b")));
    expect(nul).toEqual({ ok: false, message: "content.content.1.content.0.text: text must not contain the NUL character (U+0000)" });
    const lone = validateDocContent(doc(para("a\udc00b")));
    expect(lone.ok).toBe(false);
    if (!lone.ok) expect(lone.message).toMatch(/^content\.content\.0\.content\.0\.text: .*unpaired surrogate \(U\+DC00\)/);
    // Sent as a JSON string, the escape only becomes a NUL once parsed.
    expect(validateDocContent(JSON.stringify(doc(para("a\u0000b")))).ok).toBe(false);
    const inMark = validateDocContent(doc(para("x", [{ type: "link", attrs: { href: "https://a.b/\u0000" } }])));
    expect(inMark.ok).toBe(false);
  });

  it("checks content sent as JSON text as strictly as a tree: NUL and lone surrogates refused, look-alikes kept", () => {
    const asText = (d: object) => validateDocContent(JSON.stringify(d));
    expect(asText(doc(para("ok"), para("a\u0000b")))).toEqual({
      ok: false,
      message: "content.content.1.content.0.text: text must not contain the NUL character (U+0000)",
    });
    expect(asText(doc(para("a\udc00b"))).ok).toBe(false);
    // A raw lone surrogate in the text (JSON.stringify would have escaped it).
    expect(validateDocContent(`{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"a\ud800b"}]}]}`).ok).toBe(false);
    // In a field name, too; a name that merely reads like the escape is text.
    const attrNamed = (name: string) => `{"type":"doc","content":[{"type":"paragraph","attrs":{"${name}":1},"content":[{"type":"text","text":"a"}]}]}`;
    expect(validateDocContent(attrNamed("\\u0000")).ok).toBe(false);
    expect(validateDocContent(attrNamed("\\\\u0000")).ok).toBe(true);
    // Text that merely reads like an escape, and an emoji sent as an escaped pair, are text.
    const lookalike = asText(doc(para("\\u0000 and \\ud800 are escapes")));
    expect(lookalike.ok && lookalike.doc.content?.[0]?.content?.[0]?.text).toBe("\\u0000 and \\ud800 are escapes");
    const pair = validateDocContent(`{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"\\ud83d\\ude00"}]}]}`);
    expect(pair.ok && pair.doc.content?.[0]?.content?.[0]?.text).toBe("😀");
  });

  it("refuses an attribute nested thousands deep inside JSON-string content without overflowing", () => {
    const deepAttr = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const json = `{"type":"doc","content":[{"type":"paragraph","attrs":{"x":${deepAttr}},"content":[{"type":"text","text":"x"}]}]}`;
    const result = validateDocContent(json);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("nesting is deeper than");
  });

  it("keeps a BOM, direction marks, joiners and 4-byte characters exactly", () => {
    const text = "\ufeffstart \u200f\u05e9\u05dc\u05d5\u05dd\u200e \u202eevil\u202c 😀 👩\u200d💻 𝄞 \u{10FFFF} end";
    const result = validateDocContent(doc(para(text)));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc.content?.[0]?.content?.[0]?.text).toBe(text);
  });
});

describe("isAllowedHref", () => {
  it("allows the spec's schemes and relative links", () => {
    for (const href of ["https://a.b", "http://a.b", "ftp://a", "ftps://a", "mailto:a@b.c", "tel:+1", "callto:x", "sms:1", "cid:x", "xmpp:a@b", "/docs", "#top", "?q=1", "page.html"]) {
      expect(isAllowedHref(href), href).toBe(true);
    }
  });
  it("refuses others, however disguised", () => {
    for (const href of ["javascript:x", "JavaScript:x", "\tjavascript:x", "java\u0000script:x", "data:x", "file:///etc/passwd", "", 42]) {
      expect(isAllowedHref(href), String(href)).toBe(false);
    }
  });
});

describe("table cell attributes", () => {
  const table = (attrs: Record<string, unknown>) =>
    doc({ type: "table", content: [{ type: "tableRow", content: [{ type: "tableHeader", attrs, content: [para("x")] }, { type: "tableCell", content: [para("y")] }] }] });

  it("accepts merged cells, column widths and cell alignment", () => {
    expect(validateDocContent(table({ colspan: 2, rowspan: 3, colwidth: [120, 80], align: "center" })).ok).toBe(true);
    expect(validateDocContent(table({ colspan: 1, rowspan: 1, colwidth: null })).ok).toBe(true);
  });

  it("refuses spans that are not whole numbers from 1 to 1000, widths that are not bounded numbers and unknown alignments", () => {
    for (const colspan of [0, -1, 1.5, "2", 1001]) expect(validateDocContent(table({ colspan })).ok, String(colspan)).toBe(false);
    for (const rowspan of [0, null, 2000]) expect(validateDocContent(table({ rowspan })).ok, String(rowspan)).toBe(false);
    for (const colwidth of [["1"], [1e9], 120, [[1]], [-5]]) expect(validateDocContent(table({ colwidth })).ok, JSON.stringify(colwidth)).toBe(false);
    expect(validateDocContent(table({ align: "justify" })).ok).toBe(false);
    expect(checkAttrs("tableCell", { colspan: 0 })).toMatch(/colspan/);
  });
});
