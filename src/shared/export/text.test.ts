import { describe, expect, it } from "vitest";
import { KITCHEN_SINK, hostileDoc } from "./fixtures.js";
import { docToText } from "./text.js";

describe("docToText", () => {
  it("joins blocks with blank lines and keeps list markers, numbering and nesting", () => {
    expect(docToText(KITCHEN_SINK)).toBe(
      [
        "Quarterly Report",
        "",
        "Plain bold italic under gone x = 1 Example site (https://example.com/a?b=1) red text suggested",
        "after break bold italic",
        "",
        "Lists",
        "",
        "- Apple",
        "  - Red",
        "  - Green",
        "- Banana",
        "",
        "3. Third",
        "4. Fourth",
        "   1. Sub one",
        "",
        "Quote and code",
        "",
        "> To be or not to be",
        "",
        "const a = `x`;",
        "console.log(a);",
        "",
        "---",
        "",
        "The end.",
        "",
      ].join("\n"),
    );
  });

  it("keeps hostile text as inert text, flattens deep nesting and handles huge text", () => {
    const out = docToText(hostileDoc());
    expect(out).toContain("<script>alert(1)</script>");
    expect(out).toContain("link javascript:alert(1)");
    expect(out).toContain("deepest");
    expect(out).toContain("x".repeat(200_000));
    expect(out.split("\n").every((l) => l.length < 300 || /^x+$/.test(l))).toBe(true);
  });

  it("starts with the document's title line", () => {
    const out = docToText(KITCHEN_SINK, { title: "Export Test: Ünïcode" });
    expect(out.startsWith("Export Test: Ünïcode\n\nQuarterly Report\n\n")).toBe(true);
    expect(docToText({ type: "doc", content: [] }, { title: "" })).toBe("Untitled Document\n");
  });

  it("keeps a link's address after its text unless the text already is the address", () => {
    const link = (href: string) => ({ type: "link", attrs: { href } });
    const doc = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "See " },
            { type: "text", text: "our ", marks: [link("https://example.com/a?b=1")] },
            { type: "text", text: "site", marks: [link("https://example.com/a?b=1"), { type: "bold" }] },
            { type: "text", text: ", " },
            { type: "text", text: "example.org", marks: [link("https://example.org")] },
            { type: "text", text: ", " },
            { type: "text", text: "https://example.net/x", marks: [link("https://example.net/x")] },
            { type: "text", text: ", " },
            { type: "text", text: "me@example.com", marks: [link("mailto:me@example.com")] },
            { type: "text", text: " and " },
            { type: "text", text: "bad", marks: [link("javascript:alert(1)")] },
            { type: "text", text: "." },
          ],
        },
      ],
    };
    expect(docToText(doc)).toBe("See our site (https://example.com/a?b=1), example.org, https://example.net/x, me@example.com and bad.\n");
    expect(docToText(KITCHEN_SINK)).toContain("Example site (https://example.com/a?b=1) red text");
  });

  it("is empty for an empty document", () => {
    expect(docToText({ type: "doc", content: [] })).toBe("");
  });
});
