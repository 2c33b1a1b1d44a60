// Which addresses a relative picture may have: a file beside the document it was imported
// from, never an absolute address, another site's (//host) or one of the app's own routes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINKED_IMAGE_MAX_LENGTH, imageIdFromSrc, imageSrc, isLinkedImageSrc, isRelativeImageSrc } from "./image-src.js";

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
const ID = "0b7f2c1e-5d2a-4c1b-9a43-2f0d3c4b5a69";

describe("relative picture addresses", () => {
  it("accepts a path beside the original file, in a folder, above it, from its site's root, with a query or fragment", () => {
    for (const src of ["train.jpg", "docs/arch.png", "./a.png", "../img/a%20b.png", "/url", "/docs/a.png?v=2#top", "api/diagram.png", "img/été.png", "a(1).png", "a/b:c.png"]) {
      expect(isRelativeImageSrc(src), src).toBe(true);
      expect(isLinkedImageSrc(src), src).toBe(false);
      expect(imageIdFromSrc(src), src).toBeNull();
    }
  });

  it("refuses schemes, other sites, the app's own routes, odd characters and over-long addresses", () => {
    for (const src of [
      "",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:image/png;base64,iVBORw0KGgo=",
      "file:///etc/passwd",
      "https://example.com/cat.png",
      "c:/pictures/cat.png",
      "x:y/..",
      "mailto:x@example.com",
      "//evil.example/x.png",
      "\\\\server\\share\\x.png",
      "\\x.png",
      imageSrc(ID),
      "/api/images/not-a-uuid",
      "/API/documents",
      "/api",
      "/api?x=1",
      `/api/images/${ID}/../../documents`,
      "/docs/../api/images/x",
      "../api/x.png",
      "docs/%2e%2e/../api/x",
      "/%61pi/images/x",
      "?x=1",
      "#top",
      "a b.png",
      "a\tb.png",
      "a\u00a0b.png",
      'a".png',
      "a'.png",
      "a<b>.png",
      "a`b.png",
      "a\u0000.png",
      "a\u007f.png",
      "a\\b.png",
      `${"a".repeat(LINKED_IMAGE_MAX_LENGTH)}.png`,
      42,
      null,
    ]) {
      expect(isRelativeImageSrc(src), JSON.stringify(src)).toBe(false);
    }
    expect(isRelativeImageSrc(`${"a".repeat(LINKED_IMAGE_MAX_LENGTH - 4)}.png`)).toBe(true);
  });

  it("nothing it accepts parses as an absolute address, nor names another host or the app's routes from the root (property)", () => {
    const piece = fc.constantFrom("a", "B", ".", "..", "/", "//", ":", "?", "#", "%", "%2e", "api", "API", "images", "http", "javascript", "data", "é", "\\", " ", "\t", "\u00a0", "@", "(", ")", "-", "_", "~", "&", "=", "+");
    const address = fc.oneof(fc.array(piece, { maxLength: 12 }).map((p) => p.join("")), fc.string({ maxLength: 30 }), fc.webUrl().map((u) => u.replace(/^[a-z]+:/, "")));
    fc.assert(
      fc.property(address, (src) => {
        if (!isRelativeImageSrc(src)) return;
        expect(() => new URL(src), src).toThrow();
        const resolved = new URL(src, "https://draftsmith.example/documents/d1");
        expect(resolved.host, src).toBe("draftsmith.example");
        if (src.startsWith("/")) expect(decoded(resolved.pathname).toLowerCase().startsWith("/api/"), src).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
