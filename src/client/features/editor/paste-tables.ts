// Tables pasted from a web page or a spreadsheet. The document has no table blocks, so
// ProseMirror kept only the cells' text and ran it together ("cell1cell2"). Each row
// becomes a paragraph with its cells separated by " | " (a tab would be folded into a
// single space when the HTML is read).
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";

function tablesAsLines(html: string): string {
  if (!/<table[\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const table of Array.from(doc.querySelectorAll("table"))) {
    const lines = Array.from(table.querySelectorAll("tr")).map((row) => {
      const p = doc.createElement("p");
      p.textContent = Array.from(row.querySelectorAll("th, td"))
        .map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim())
        .join(" | ");
      return p;
    });
    table.replaceWith(...lines);
  }
  return doc.body.innerHTML;
}

export const PasteTables = Extension.create({
  name: "pasteTables",
  addProseMirrorPlugins() {
    return [new Plugin({ key: new PluginKey("pasteTables"), props: { transformPastedHTML: tablesAsLines } })];
  },
});
