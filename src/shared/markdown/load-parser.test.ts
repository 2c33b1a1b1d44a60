import { describe, expect, it } from "vitest";
import { loadMarkdownParser, markdownParser, plainTextParser } from "./load-parser.js";

describe("the Markdown parser loaded on demand", () => {
  it("reads answers as plain paragraphs until it has loaded, then as Markdown", async () => {
    expect(markdownParser()).toBe(plainTextParser);
    expect(markdownParser().markdownToNodes("**a**\nb\n\n# c")).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "**a** b" }] },
      { type: "paragraph", content: [{ type: "text", text: "# c" }] },
    ]);
    expect(markdownParser().parseInline(" more")).toEqual([{ type: "text", text: " more" }]);
    await loadMarkdownParser();
    expect(markdownParser()).not.toBe(plainTextParser);
    expect(markdownParser().markdownToNodes("# c")).toEqual([{ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "c" }] }]);
  });
});
