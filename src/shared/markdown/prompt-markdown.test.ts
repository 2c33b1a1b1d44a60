import { describe, expect, it } from "vitest";
import { KITCHEN_SINK } from "../export/fixtures.js";
import { RICH_DOC } from "../export/rich-fixtures.js";
import { docToPromptMarkdown } from "./prompt-markdown.js";

describe("docToPromptMarkdown", () => {
  it("writes one line per block, headings with their #, list items with -, and no escapes or marks", () => {
    expect(docToPromptMarkdown(KITCHEN_SINK)).toBe(
      [
        "# Quarterly Report",
        "Plain bold italic under gone x = 1 Example site red text suggested after break bold italic",
        "## Lists",
        "- Apple",
        "  - Red",
        "  - Green",
        "- Banana",
        "- Third",
        "- Fourth",
        "  - Sub one",
        "### Quote and code",
        "To be or not to be",
        "const a = `x`;\nconsole.log(a);",
        "The end.",
      ].join("\n"),
    );
  });

  it("leaves out empty paragraphs and keeps text that looks like Markdown as written", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "*not* escaped, 1. or #" }] },
        { type: "paragraph", content: [{ type: "text", text: "   " }] },
        { type: "paragraph" },
      ],
    };
    expect(docToPromptMarkdown(doc)).toBe("*not* escaped, 1. or #");
  });

  it("writes headings 4–6 with their level and to-do items with their box, nested ones indented", () => {
    expect(docToPromptMarkdown(RICH_DOC)).toBe(
      "## Plan\n#### Fourth level\n##### Fifth level\n###### Sixth level\n- [x] Buy milk\n- [ ] Write report\n  - [x] Outline\nWater is H2O and E = mc2. Remember this.\n| Drink | Cups |\n| Green tea | 3 |",
    );
  });
});
