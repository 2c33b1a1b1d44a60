// A document with the pieces of issue 32's first slice: headings 4–6, a to-do list (checked,
// unchecked, nested), superscript, subscript and highlight; and a table with a header row. The import, export and live
// editing tests share it, written as the schema stores it (validateDocContent leaves it unchanged).
import type { DocNode } from "../editor/schema.js";

const t = (text: string, ...marks: DocNode["marks"] & object) => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
const p = (...content: DocNode[]): DocNode => ({ type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content });
const task = (checked: boolean, ...content: DocNode[]): DocNode => ({ type: "taskItem", attrs: { checked }, content });
const heading = (level: number, text: string): DocNode => ({ type: "heading", attrs: { level, textAlign: null, suggestedBreak: null }, content: [t(text)] });
const cell = (type: "tableHeader" | "tableCell", text: string): DocNode => ({ type, attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null }, content: [p(t(text))] });

export const RICH_DOC: DocNode = {
  type: "doc",
  content: [
    heading(2, "Plan"),
    heading(4, "Fourth level"),
    heading(5, "Fifth level"),
    heading(6, "Sixth level"),
    {
      type: "taskList",
      content: [
        task(true, p(t("Buy milk"))),
        task(false, p(t("Write report")), { type: "taskList", content: [task(true, p(t("Outline")))] }),
      ],
    },
    p(t("Water is H"), t("2", { type: "subscript" }), t("O and E = mc"), t("2", { type: "superscript" }), t(". "), t("Remember this", { type: "highlight" }), t(".")),
    {
      type: "table",
      content: [
        { type: "tableRow", content: [cell("tableHeader", "Drink"), cell("tableHeader", "Cups")] },
        { type: "tableRow", content: [cell("tableCell", "Green tea"), cell("tableCell", "3")] },
      ],
    },
  ],
};

/** Every word of RICH_DOC a reader should find in any export. */
export const RICH_WORDS = ["Plan", "Fourth level", "Fifth level", "Sixth level", "Buy milk", "Write report", "Outline", "Remember this", "Drink", "Cups", "Green tea"];
