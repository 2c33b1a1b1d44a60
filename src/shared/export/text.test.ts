import { describe, expect, it } from "vitest";
import { KITCHEN_SINK, hostileDoc } from "./fixtures.js";
import { docToText } from "./text.js";

describe("docToText", () => {
  it("joins blocks with blank lines and keeps list markers, numbering and nesting", () => {
    expect(docToText(KITCHEN_SINK)).toBe(
      [
        "Quarterly Report",
        "",
        "Plain bold italic under gone x = 1 Example site red text suggested",
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

  it("is empty for an empty document", () => {
    expect(docToText({ type: "doc", content: [] })).toBe("");
  });
});
