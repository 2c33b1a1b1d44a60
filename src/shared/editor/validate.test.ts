import { describe, expect, it } from "vitest";
import { isAllowedHref } from "./links.js";
import { MAX_DOC_DEPTH, validateDocContent } from "./validate.js";

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
