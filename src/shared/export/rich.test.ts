// Headings 4–6, to-do lists, superscript, subscript and highlight through the shared
// serializers (Markdown, HTML, plain text) and back through the Markdown reader.
import { describe, expect, it } from "vitest";
import { validateDocContent } from "../editor/validate.js";
import { markdownToNodes } from "../markdown/from-markdown.js";
import { docToMarkdown } from "../markdown/to-markdown.js";
import { auditHtml } from "./html-audit.test-helper.js";
import { docToHtml, docToHtmlFragment } from "./html.js";
import { RICH_DOC } from "./rich-fixtures.js";
import { docToText } from "./text.js";

const fromMarkdown = (md: string) => {
  const result = validateDocContent({ type: "doc", content: markdownToNodes(md) });
  if (!result.ok) throw new Error(result.message);
  return result.doc;
};

describe("Markdown export and import of the rich pieces", () => {
  it("writes GFM to-do items, headings 4–6 and <sub>, <sup>, <mark>", () => {
    const md = docToMarkdown(RICH_DOC);
    expect(md).toContain("#### Fourth level\n\n##### Fifth level\n\n###### Sixth level");
    expect(md).toContain("- [x] Buy milk\n- [ ] Write report\n  - [x] Outline\n");
    expect(md).toContain("Water is H<sub>2</sub>O and E = mc<sup>2</sup>. <mark>Remember this</mark>.");
    expect(md).toContain("| Drink | Cups |\n| --- | --- |\n| Green tea | 3 |\n");
  });

  it("reads its own export back to the same document", () => {
    expect(fromMarkdown(docToMarkdown(RICH_DOC))).toEqual(RICH_DOC);
  });

  it("reads a to-do list only when every item has a box, keeps [ ] literal elsewhere, and an empty item's box", () => {
    const doc = fromMarkdown("- [ ] a\n- b\n\n* [X] done\n* [x]\n\nText [ ] here");
    expect(doc.content!.map((b) => b.type)).toEqual(["bulletList", "taskList", "paragraph"]);
    expect(docToText(doc)).toBe("- [ ] a\n- b\n\n[x] done\n[x]\n\nText [ ] here\n");
    // A bullet item that starts with brackets is escaped on export, so it stays a bullet item.
    expect(fromMarkdown(docToMarkdown(doc))).toEqual(doc);
  });

  it("reads <sup>, <sub> and <mark> however they nest with other marks, and a stray closing tag as text", () => {
    const doc = fromMarkdown("**a<sup>b**c</sup> x<sub>1<sup>2</sup></sub> </mark>");
    const runs = doc.content![0]!.content!.map((n) => [n.text, (n.marks ?? []).map((m) => m.type).sort().join("+")]);
    expect(runs).toEqual([
      ["a", "bold"],
      ["b", "bold+superscript"],
      ["c", "superscript"],
      [" x", ""],
      ["1", "subscript"],
      ["2", "superscript"],
      [" </mark>", ""],
    ]);
  });

  it("escapes tags typed as text so they stay text", () => {
    const doc = fromMarkdown(docToMarkdown({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "<sup>not</sup> [x] ==no==" }] }] }));
    expect(doc.content![0]!.content).toEqual([{ type: "text", text: "<sup>not</sup> [x] ==no==" }]);
  });
});

describe("HTML export of the rich pieces", () => {
  it("writes TipTap's to-do markup with disabled checkboxes, h4–h6, <sub>, <sup> and <mark>, and nothing unsafe", () => {
    const html = docToHtmlFragment(RICH_DOC);
    expect(html).toContain("<h4>Fourth level</h4>\n<h5>Fifth level</h5>\n<h6>Sixth level</h6>");
    expect(html).toContain('<ul data-type="taskList">');
    expect(html).toContain('<li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked disabled></label><div><p>Buy milk</p></div></li>');
    expect(html).toContain('<li data-type="taskItem" data-checked="false"><label><input type="checkbox" disabled></label><div><p>Write report</p>');
    expect(html).toContain("H<sub>2</sub>O and E = mc<sup>2</sup>. <mark>Remember this</mark>.");
    expect(html).toContain("<table>\n<thead>\n<tr><th><p>Drink</p></th><th><p>Cups</p></th></tr>\n</thead>\n<tbody>\n<tr><td><p>Green tea</p></td><td><p>3</p></td></tr>\n</tbody>\n</table>");
    const audit = auditHtml(docToHtml(RICH_DOC, { title: "Rich" }), { requireRel: true });
    expect(audit.problems).toEqual([]);
  });
});

describe("plain text export of the rich pieces", () => {
  it("marks to-do items [x] and [ ], nested ones indented, and writes marked text as text", () => {
    expect(docToText(RICH_DOC, { title: "Rich" })).toBe(
      "Rich\n\nPlan\n\nFourth level\n\nFifth level\n\nSixth level\n\n[x] Buy milk\n[ ] Write report\n    [x] Outline\n\nWater is H2O and E = mc2. Remember this.\n\nDrink     | Cups\n----------+-----\nGreen tea | 3\n",
    );
  });
});
