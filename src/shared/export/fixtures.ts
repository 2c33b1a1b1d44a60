// Documents the export tests share (unit, integration and end-to-end): one that uses
// every node and mark of the schema, and one built to attack every format.
import type { DocNode } from "../editor/schema.js";

const t = (text: string, ...marks: DocNode["marks"] & object) => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
const p = (...content: DocNode[]): DocNode => ({ type: "paragraph", content });
const li = (...content: DocNode[]): DocNode => ({ type: "listItem", content });

export const KITCHEN_SINK: DocNode = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1, textAlign: "center" }, content: [t("Quarterly Report")] },
    {
      type: "paragraph",
      attrs: { textAlign: "right" },
      content: [
        t("Plain "),
        t("bold", { type: "bold" }),
        t(" "),
        t("italic", { type: "italic" }),
        t(" "),
        t("under", { type: "underline" }),
        t(" "),
        t("gone", { type: "strike" }),
        t(" "),
        t("x = 1", { type: "code" }),
        t(" "),
        t("Example site", { type: "link", attrs: { href: "https://example.com/a?b=1", target: "_blank" } }),
        t(" "),
        t("red text", { type: "textStyle", attrs: { color: "#dc2626", fontFamily: "Georgia", fontSize: "20px" } }),
        t(" "),
        t("suggested", { type: "aiSuggestion", attrs: { suggestionId: "s1" } }),
        { type: "hardBreak" },
        t("after break "),
        t("bold italic", { type: "bold" }, { type: "italic" }),
      ],
    },
    { type: "heading", attrs: { level: 2 }, content: [t("Lists")] },
    {
      type: "bulletList",
      content: [
        li(p(t("Apple")), { type: "bulletList", content: [li(p(t("Red"))), li(p(t("Green")))] }),
        li(p(t("Banana"))),
      ],
    },
    {
      type: "orderedList",
      attrs: { start: 3 },
      content: [li(p(t("Third"))), li(p(t("Fourth")), { type: "orderedList", attrs: { start: 1 }, content: [li(p(t("Sub one")))] })],
    },
    { type: "heading", attrs: { level: 3 }, content: [t("Quote and code")] },
    { type: "blockquote", content: [p(t("To be or not to be"))] },
    { type: "codeBlock", attrs: { language: "ts" }, content: [t("const a = `x`;\nconsole.log(a);")] },
    { type: "horizontalRule" },
    { type: "paragraph", attrs: { textAlign: "justify" }, content: [t("The end.")] },
  ],
};

/** Every word of KITCHEN_SINK a reader should find in any export. */
export const KITCHEN_SINK_WORDS = [
  "Quarterly Report",
  "Plain",
  "bold",
  "italic",
  "under",
  "gone",
  "x = 1",
  "Example site",
  "red text",
  "suggested",
  "after break",
  "Lists",
  "Apple",
  "Red",
  "Green",
  "Banana",
  "Third",
  "Fourth",
  "Sub one",
  "Quote and code",
  "To be or not to be",
  "console.log(a);",
  "The end.",
];

const HOSTILE_HREFS = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  'https://ok.example/" onmouseover="alert(1)',
];

function nest(depth: number): DocNode {
  let node: DocNode = p(t("deepest"));
  for (let i = 0; i < depth; i++) node = i % 2 ? { type: "blockquote", content: [node] } : { type: "bulletList", content: [li(node)] };
  return node;
}

/** Not schema-valid on purpose in places: the exporters must be safe even on raw input. */
export function hostileDoc(hugeChars = 200_000): DocNode {
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 1, textAlign: 'center" onclick="alert(1)' }, content: [t("<script>alert(1)</script>")] },
      p(t('<img src=x onerror="alert(1)">'), t(" & <b>not bold</b> "), t("</p><script>alert(2)</script>", { type: "bold" })),
      p(t("# not a heading")),
      p(t("> not a quote")),
      p(t("- not a list")),
      p(t("1. not a list")),
      p(t("[not a link](javascript:alert(1)) *not italic* `not code` <https://auto.example>")),
      ...HOSTILE_HREFS.map((href) => p(t(`link ${href}`, { type: "link", attrs: { href, target: "_blank" } }))),
      p(
        t("styled", {
          type: "textStyle",
          attrs: { color: "red; background:url(javascript:alert(1))", fontFamily: "x\"; behavior:url(a.htc); \"", fontSize: "12px;position:fixed" },
        }),
      ),
      p(t("styled2", { type: "textStyle", attrs: { color: "expression(alert(1))", fontFamily: "</style><script>alert(3)</script>" } })),
      { type: "codeBlock", attrs: { language: '"><script>alert(4)</script>' }, content: [t("</code></pre><script>alert(5)</script>\n```\nbreak out")] },
      nest(400),
      p(t("x".repeat(hugeChars))),
    ],
  };
}
