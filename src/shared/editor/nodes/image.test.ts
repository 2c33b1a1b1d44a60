// The image node in the one schema: which attribute values stored content and live changes
// may hold (src a stored image, a linked http(s) picture or one relative to the original file), its HTML, and its alt text and caption in the searched text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINKED_IMAGE_MAX_LENGTH, imageIdFromSrc, imageSrc, isLinkedImageSrc, isRelativeImageSrc, linkedImageHost } from "../../contracts/images.js";
import { docToPlainText } from "../text.js";
import { checkAttrs, validateDocContent } from "../validate.js";
import { ImageNode } from "./image.js";

const ID = "0b7f2c1e-5d2a-4c1b-9a43-2f0d3c4b5a69";
const image = (attrs: Record<string, unknown>) => ({ type: "doc", content: [{ type: "image", attrs }, { type: "paragraph" }] });

describe("image attributes", () => {
  it("a stored image with alt, width, alignment and caption is accepted and kept", () => {
    const attrs = { src: imageSrc(ID), alt: "A cat on a mat", width: 50, align: "right", caption: "Figure 1: the cat" };
    const result = validateDocContent(image(attrs));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc.content?.[0]?.attrs).toEqual(attrs);
  });

  it("src is refused unless it names a stored image, an absolute http(s) address or a file beside the original: data:, javascript:, //host, the app's routes, over-long", () => {
    for (const src of [
      "//evil.example/x.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "vbscript:msgbox",
      "file:///etc/passwd",
      "ftp://example.com/cat.png",
      "/api/images/not-a-uuid",
      "/api/documents",
      "../api/images/x",
      `/api/images/${ID}/../../documents`,
      "https://",
      "https://exa mple.com/cat.png",
      'https://example.com/"onerror="x',
      "https://example.com/<script>",
      "https://example.com/a\\b.png",
      "https://user:secret@example.com/cat.png",
      `https://example.com/${"a".repeat(LINKED_IMAGE_MAX_LENGTH)}.png`,
      42,
    ]) {
      expect(checkAttrs("image", { src }), String(src)).toMatch(/image\.src/);
      expect(validateDocContent(image({ src })).ok, String(src)).toBe(false);
    }
  });

  it("a linked picture (an absolute http or https address on another site) is accepted and kept as written", () => {
    for (const src of ["https://example.com/cat.png", "http://example.com/a/b.jpg?size=2&x=%20", `https://draftsmith.example/api/images/${ID}`, `https://example.com/${"a".repeat(2000)}`]) {
      expect(checkAttrs("image", { src }), src).toBeNull();
      const result = validateDocContent(image({ src, alt: "A cat" }));
      expect(result.ok, src).toBe(true);
      if (result.ok) expect(result.doc.content?.[0]?.attrs).toMatchObject({ src, alt: "A cat" });
    }
    expect(isLinkedImageSrc("https://example.com/cat.png")).toBe(true);
    expect(isLinkedImageSrc(imageSrc(ID))).toBe(false);
    expect(imageIdFromSrc("https://example.com/cat.png")).toBeNull();
    expect(linkedImageHost("https://pictures.example.org:8443/cat.png")).toBe("pictures.example.org");
  });

  it("a relative picture (a file beside the original document) is accepted and kept as written", () => {
    for (const src of ["cat.png", "/cat.png", "docs/arch.png", "../img/a%20b.png?v=2#x"]) {
      expect(checkAttrs("image", { src }), src).toBeNull();
      const result = validateDocContent(image({ src, alt: "A cat", caption: "Cat" }));
      expect(result.ok, src).toBe(true);
      if (result.ok) expect(result.doc.content?.[0]?.attrs).toMatchObject({ src, alt: "A cat", caption: "Cat" });
      expect(isRelativeImageSrc(src)).toBe(true);
      expect(isLinkedImageSrc(src)).toBe(false);
    }
  });

  it("width is a whole percentage from 10 to 100, align one of three, alt and caption bounded text", () => {
    expect(checkAttrs("image", { width: 9 })).toMatch(/width/);
    expect(checkAttrs("image", { width: 101 })).toMatch(/width/);
    expect(checkAttrs("image", { width: 33.5 })).toMatch(/width/);
    expect(checkAttrs("image", { width: "50%" })).toMatch(/width/);
    expect(checkAttrs("image", { width: null })).toBeNull();
    expect(checkAttrs("image", { align: "justify" })).toMatch(/align/);
    expect(checkAttrs("image", { align: "left" })).toBeNull();
    expect(checkAttrs("image", { alt: 7 })).toMatch(/alt/);
    expect(checkAttrs("image", { caption: "x".repeat(2001) })).toMatch(/caption/);
  });

  it("any value at all is either refused or a value the exporters can print safely (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webUrl().map((u) => u.replace(/^https?/, "javascript")), fc.integer(), fc.constant(null), fc.boolean()), fc.constantFrom("src", "width", "align"), (value, key) => {
        const problem = checkAttrs("image", { [key]: value });
        if (problem !== null || value === null) return;
        if (key === "src" && !/^(\/api\/images\/[0-9a-f-]{36}|https?:\/\/[^\s"'<>\\]+)$/i.test(value as string)) {
          // Else a relative picture: no absolute address, no other host, nothing an exporter must escape beyond HTML's &.
          expect(value).toMatch(/^(?!\/\/)[^\s"'<>\\`]+$/);
          expect(() => new URL(value as string)).toThrow();
        }
        if (key === "width") expect(Number.isInteger(value)).toBe(true);
        if (key === "align") expect(["left", "center", "right"]).toContain(value);
      }),
    );
  });
});

describe("image text", () => {
  it("alt text and caption are in the plain text (search, word counts), on their own lines, for stored and linked pictures alike", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Before" }] },
        { type: "image", attrs: { src: imageSrc(ID), alt: "A lighthouse at dusk", caption: "Cape Byron" } },
        { type: "paragraph", content: [{ type: "text", text: "After" }] },
      ],
    };
    expect(docToPlainText(doc as never)).toBe("Before\nA lighthouse at dusk\nCape Byron\nAfter");
    expect(docToPlainText({ type: "doc", content: [{ type: "image", attrs: { src: imageSrc(ID) } }] } as never)).toBe("");
    const linked = { type: "doc", content: [{ type: "image", attrs: { src: "https://example.com/cat.png", alt: "A linked cat", caption: "From elsewhere" } }] };
    expect(docToPlainText(linked as never)).toBe("A linked cat\nFrom elsewhere");
  });
});

/** A rendered DOM spec as the few element methods parsing reads (unit tests run without a DOM). */
type Spec = [string, Record<string, string>, ...(Spec | string)[]];
function element(spec: Spec) {
  const [tag, attrs, ...children] = spec;
  const kids = children.filter((c): c is Spec => Array.isArray(c)).map(element);
  type Fake = { tag: string; tagName: string; children: Fake[]; getAttribute(n: string): string | null; querySelector(s: string): unknown; textContent: string | null };
  const el: Fake = {
    tag,
    tagName: tag.toUpperCase(),
    children: kids,
    getAttribute: (n) => attrs[n] ?? null,
    // A tag name, or "a[href]"; searched at any depth.
    querySelector: (s) => {
      const [name, attr] = s.replace("]", "").split("[");
      for (const k of kids) {
        if (k.tag === name && (!attr || k.getAttribute(attr) !== null)) return k;
        const inner = k.querySelector(s);
        if (inner) return inner;
      }
      return null;
    },
    textContent: children.map((c) => (typeof c === "string" ? c : element(c).textContent)).join(""),
  };
  return el;
}
const rules = () => (ImageNode.config.parseHTML as () => { tag: string; getAttrs(el: unknown): unknown }[])();
const render = (attrs: Record<string, unknown>) => (ImageNode.config.renderHTML as (p: { node: unknown; HTMLAttributes: object }) => Spec)({ node: { attrs }, HTMLAttributes: {} });

describe("image HTML", () => {
  const [figureRule, pastedFigureRule, imgRule] = rules();

  it("a linked picture renders as <figure><img src alt><figcaption> and parses back the same", () => {
    const attrs = { src: "https://example.com/cat.png", alt: "A cat", width: 50, align: "right", caption: "The cat" };
    const spec = render(attrs);
    expect(spec[0]).toBe("figure");
    expect(spec[2]).toEqual(["img", { src: "https://example.com/cat.png", alt: "A cat" }]);
    expect(figureRule!.getAttrs(element(spec))).toEqual(attrs);
  });

  it("a pasted <img> with an http(s) address becomes a linked picture, a relative one a relative picture; any other address makes no picture", () => {
    expect(imgRule!.getAttrs(element(["img", { src: " https://example.com/x.gif ", alt: "x".repeat(1200) }]))).toMatchObject({ src: "https://example.com/x.gif", alt: "x".repeat(1000) });
    expect(imgRule!.getAttrs(element(["img", { src: "train.jpg", alt: "A train" }]))).toMatchObject({ src: "train.jpg", alt: "A train" });
    const relative = { src: "docs/arch.png", alt: "Diagram", width: null, align: "center", caption: "The parts" };
    expect(figureRule!.getAttrs(element(render(relative)))).toEqual(relative);
    for (const src of ["javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "//example.com/x.png", "/api/documents", "a b.png"]) {
      expect(imgRule!.getAttrs(element(["img", { src }])), src).toBe(false);
    }
    expect(imgRule!.getAttrs(element(["img", { src: imageSrc(ID) }]))).toMatchObject({ src: imageSrc(ID) });
  });

  it("a pasted <figure> from another site holding one picture and a caption is that picture with its caption; any other figure is read part by part", () => {
    const lone = element(["figure", {}, ["a", { href: "https://x.example/" }, ["img", { src: "https://example.com/cat.png", alt: "A cat" }]], "\n", ["figcaption", {}, " The ", ["b", {}, "cat"], " "]]);
    expect(pastedFigureRule!.getAttrs(lone)).toEqual({ src: "https://example.com/cat.png", alt: "A cat", width: null, align: "center", caption: "The cat" });
    expect(pastedFigureRule!.getAttrs(element(["figure", {}, ["figcaption", {}, "First"], ["picture", {}, ["source", {}], ["img", { src: "a.png" }]]]))).toMatchObject({ src: "a.png", caption: "First" });
    const others: Spec[] = [
      ["figure", {}, ["img", { src: "a.png" }], ["img", { src: "b.png" }], ["figcaption", {}, "Two"]],
      ["figure", {}, ["blockquote", {}, "Quote"], ["figcaption", {}, "Who"]],
      ["figure", {}, ["img", { src: "a.png" }], ["p", {}, "Text"], ["figcaption", {}, "Cap"]],
      ["figure", {}, ["img", { src: "a.png" }], ["figcaption", {}, "By ", ["a", { href: "https://x.example/" }, "X"]]],
      ["figure", {}, ["img", { src: "javascript:alert(1)" }], ["figcaption", {}, "Cap"]],
    ];
    for (const spec of others) expect(pastedFigureRule!.getAttrs(element(spec)), JSON.stringify(spec)).toBe(false);
  });
});
