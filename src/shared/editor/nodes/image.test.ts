// The image node in the one schema: which attribute values stored content and live changes
// may hold (src only a stored image), and its alt text and caption in the searched text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { imageSrc } from "../../contracts/images.js";
import { docToPlainText } from "../text.js";
import { checkAttrs, validateDocContent } from "../validate.js";

const ID = "0b7f2c1e-5d2a-4c1b-9a43-2f0d3c4b5a69";
const image = (attrs: Record<string, unknown>) => ({ type: "doc", content: [{ type: "image", attrs }, { type: "paragraph" }] });

describe("image attributes", () => {
  it("a stored image with alt, width, alignment and caption is accepted and kept", () => {
    const attrs = { src: imageSrc(ID), alt: "A cat on a mat", width: 50, align: "right", caption: "Figure 1: the cat" };
    const result = validateDocContent(image(attrs));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc.content?.[0]?.attrs).toEqual(attrs);
  });

  it("src is refused unless it names a stored image: remote, data:, javascript:, relative paths", () => {
    for (const src of [
      "https://example.com/cat.png",
      "//evil.example/x.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
      "/api/images/not-a-uuid",
      `/api/images/${ID}/../../documents`,
      `https://draftsmith.example/api/images/${ID}`,
      42,
    ]) {
      expect(checkAttrs("image", { src }), String(src)).toMatch(/image\.src/);
      expect(validateDocContent(image({ src })).ok).toBe(false);
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
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean()), fc.constantFrom("src", "width", "align"), (value, key) => {
        const problem = checkAttrs("image", { [key]: value });
        if (problem !== null || value === null) return;
        if (key === "src") expect(value).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/i);
        if (key === "width") expect(Number.isInteger(value)).toBe(true);
        if (key === "align") expect(["left", "center", "right"]).toContain(value);
      }),
    );
  });
});

describe("image text", () => {
  it("alt text and caption are in the plain text (search, word counts), on their own lines", () => {
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
  });
});
