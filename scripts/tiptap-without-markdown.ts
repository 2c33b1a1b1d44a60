// TipTap's nodes and marks carry their Markdown reading and writing (parseMarkdown,
// renderMarkdown, a tokenizer, options) for its optional Markdown package, which this app
// does not use: its Markdown import and export are its own (src/shared/markdown). Those
// fields kept helpers with them in every page that shows a document (the ordered list's
// Markdown parser and Roman numerals, the nested-content writers of TipTap's core), about
// 4 KB compressed. This build step removes the fields from TipTap's files in the client
// bundle, so the bundler leaves out what only they used. Nothing else reads them: an
// editor without the Markdown package never calls them. The server's bundle is left as it is.
import { parseAst } from "vite";

/** The extension fields of TipTap's Markdown package. */
const MARKDOWN_FIELDS = new Set(["markdownTokenName", "parseMarkdown", "renderMarkdown", "markdownTokenizer", "markdownOptions"]);

const TIPTAP_FILE = /[\\/]node_modules[\\/]@tiptap[\\/][^\\/]+[\\/]dist[\\/].*\.js$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The ranges of the Markdown fields in object literals of `code`. */
function markdownFields(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as AstNode;
    if (n.type === "ObjectExpression") {
      for (const prop of n.properties as AstNode[]) {
        const key = prop.key as AstNode | undefined;
        if (prop.type === "Property" && !prop.computed && key?.type === "Identifier" && MARKDOWN_FIELDS.has(key.name as string)) {
          ranges.push([prop.start, prop.end]);
        }
      }
    }
    for (const [k, v] of Object.entries(n)) if (k !== "type" && k !== "start" && k !== "end") visit(v);
  };
  visit(parseAst(code));
  return ranges;
}

/** `code` without the fields: each range and the comma after it. */
export function withoutMarkdownFields(code: string): string | null {
  const ranges = markdownFields(code);
  if (!ranges.length) return null;
  let out = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
    const comma = /^\s*,/.exec(out.slice(end));
    out = out.slice(0, start) + out.slice(end + (comma ? comma[0].length : 0));
  }
  return out;
}

// TipTap's files declare each extension at the top level (`const LineHeight =
// Extension.create({...})`). The bundler cannot know that such a call only builds an object,
// so it kept every extension of a file the app imports one from: the text style file's
// background colour, line height and kit, the list file's kit, about 1 KB compressed. The
// build marks those calls as free of side effects, so an extension nothing uses is left out;
// one that is used is kept as it is.
const BUILDERS = new Set(["create", "extend", "configure"]);

/** `code` with its top-level `X.create(...)`, `.extend(...)` and `.configure(...)` declarations marked pure; null when it has none. */
export function withPureDeclarations(code: string): string | null {
  const at: number[] = [];
  const program = parseAst(code) as unknown as { body: AstNode[] };
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const init = declarator.init as AstNode | null;
      const callee = init?.type === "CallExpression" ? (init.callee as AstNode) : null;
      const property = callee?.type === "MemberExpression" && !callee.computed ? (callee.property as AstNode) : null;
      if (init && property?.type === "Identifier" && BUILDERS.has(property.name as string)) at.push(init.start);
    }
  }
  if (!at.length) return null;
  let out = code;
  for (const start of at.sort((a, b) => b - a)) out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
  return out;
}

/** The Vite plugin (build only: the dev server serves TipTap as it is). */
export function tiptapWithoutMarkdown() {
  return {
    name: "draftsmith:tiptap-without-markdown",
    apply: "build" as const,
    transform(code: string, id: string) {
      if (!TIPTAP_FILE.test(id)) return null;
      const fields = code.includes("arkdown") ? withoutMarkdownFields(code) : null;
      const out = withPureDeclarations(fields ?? code);
      return out === null && fields === null ? null : { code: out ?? fields!, map: null };
    },
  };
}
