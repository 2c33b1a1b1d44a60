// The client build takes TipTap's Markdown fields out of its files (scripts/tiptap-without-markdown.ts).
import fs from "node:fs";
import path from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { withoutMarkdownFields, withPureDeclarations } from "../../scripts/tiptap-without-markdown";

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

  it("marks the top-level extension declarations as free of side effects, and nothing else", () => {
    const code = "import { Extension } from 'x';\nconst A = Extension.create({ name: 'a' });\nexport const B = A.extend({ name: 'b' });\nconst C = A.configure({});\nconst D = make();\nfoo.create();\nfunction f() { const E = Extension.create({}); return E; }";
    const out = withPureDeclarations(code)!;
    expect(out).toContain("const A = /* @__PURE__ */ Extension.create(");
    expect(out).toContain("export const B = /* @__PURE__ */ A.extend(");
    expect(out).toContain("const C = /* @__PURE__ */ A.configure(");
    expect(out).toContain("const D = make();");
    expect(out).toContain("\nfoo.create();");
    expect(out).toContain("const E = Extension.create({})");
    expect(withPureDeclarations("const a = 1;")).toBeNull();
  });
});
