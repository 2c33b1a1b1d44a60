// The client build takes TipTap's Markdown fields out of its files (scripts/tiptap-without-markdown.ts).
import fs from "node:fs";
import path from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { withoutMarkdownFields } from "../../scripts/tiptap-without-markdown";

const listFile = path.resolve(import.meta.dirname, "../../node_modules/@tiptap/extension-list/dist/index.js");

describe("TipTap without its Markdown fields", () => {
  it("removes the fields from the list nodes and keeps the rest of each node", () => {
    const code = fs.readFileSync(listFile, "utf8");
    expect(code).toContain("parseMarkdown");
    const out = withoutMarkdownFields(code)!;
    for (const field of ["markdownTokenName", "parseMarkdown", "renderMarkdown", "markdownTokenizer", "markdownOptions"]) expect(out).not.toMatch(new RegExp(`\\b${field}\\s*:`));
    expect(() => parseAst(out)).not.toThrow();
    // What the editor uses stays: the nodes' HTML, commands, keys and input rules.
    for (const kept of ["parseHTML", "renderHTML", "addCommands", "addKeyboardShortcuts", "addInputRules", "toggleOrderedList"]) {
      expect(out.split(kept).length).toBe(code.split(kept).length);
    }
  });

  it("removes a field in the middle or at the end of an object with its comma", () => {
    expect(withoutMarkdownFields("const a = { name: 'x', parseMarkdown: (t) => t, group: 'block' };")).toBe("const a = { name: 'x',  group: 'block' };");
    expect(withoutMarkdownFields("const a = { name: 'x', renderMarkdown() { return '' } };")).toBe("const a = { name: 'x',  };");
  });

  it("leaves a file without the fields alone", () => {
    expect(withoutMarkdownFields("const a = { name: 'x', markdown: 1 };")).toBeNull();
  });
});
