// The document as light Markdown for the AI: one line per block, headings keep their "#"
// and list items their "- " ("- [x] " / "- [ ] " for to-do items; nested items indented by
// two spaces), so a summary or outline
// can follow the structure. Unlike the export (to-markdown.ts) nothing is escaped and marks
// are left out: the text reaches the model, and the offline engine quotes it back, as written.
import type { DocNode } from "../editor/schema.js";
import { children, headingLevel, isChecked, textOf } from "../export/inline.js";

function inlineText(node: DocNode): string {
  if (node.type === "text") return textOf(node);
  // A space, so the words either side of a line break stay two words.
  if (node.type === "hardBreak") return " ";
  return children(node).map(inlineText).join("");
}

const isList = (node: DocNode) => node.type === "bulletList" || node.type === "orderedList" || node.type === "taskList";

export function docToPromptMarkdown(doc: DocNode): string {
  const out: string[] = [];
  const walk = (node: DocNode, depth: number) => {
    switch (node.type) {
      case "heading":
        out.push(`${"#".repeat(headingLevel(node))} ${inlineText(node)}`);
        return;
      case "paragraph":
      case "codeBlock": {
        const text = inlineText(node);
        if (text.trim()) out.push(text);
        return;
      }
      case "listItem":
      case "taskItem": {
        const own = children(node).filter((c) => !isList(c));
        const box = node.type === "taskItem" ? (isChecked(node) ? "[x] " : "[ ] ") : "";
        out.push(`${"  ".repeat(depth)}- ${box}${own.map(inlineText).join(" ")}`);
        for (const list of children(node).filter(isList)) walk(list, depth + 1);
        return;
      }
      // A table: a line per row, its cells between pipes, so the model reads rows and columns.
      case "tableRow":
        out.push(`| ${children(node).map((cell) => children(cell).map(inlineText).join(" ")).join(" | ")} |`);
        return;
      default:
        for (const c of children(node)) walk(c, depth);
    }
  };
  walk(doc, 0);
  return out.join("\n");
}
