// What the landing page and the editor route load before any click, read from the source:
// every module their entry files import statically (type-only imports and import() left
// out), as the bundler follows them. Libraries taken off the first load (bench:bundle,
// docs/PERFORMANCE.md) must not come back through a stray value import: zod (the contracts'
// schemas, ~23 KB compressed; use the zod-free constants such as contracts/collab-wire.ts),
// the auth client (~20 KB; lib/auth-client.ts loads it on demand), and Radix's menus and
// tooltips with floating-ui (~18 KB; components/ui/menu-on-demand.tsx, tooltip.tsx); and
// on the landing page, Query's client (~9 KB; lib/load-query-client.ts). On the editor
// route, the AI parts that act on a command, a click or a selection (~12 KB; they load with
// features/ai/ai-tools.tsx on first use, features/ai/ai-tools-gate.ts), the find bar with its
// matching, and the code that plugins registered at the editor's creation call once it has
// arrived: the link's typing behaviour with linkifyjs (client/lib/links/link-typing.ts), the
// drop and gap cursors (client/lib/typing/cursors.ts), the typographic rules
// (features/editor/typography.ts). Those plugins themselves stay: adding plugins to a running
// editor reconfigures it and recreates every plugin's view (docs/PERFORMANCE.md, bench:bundle).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const CLIENT = import.meta.dirname;

interface Found {
  /** Source files reached, relative to src/. */
  files: Set<string>;
  /** Packages imported, with the names taken from them ("radix-ui:Tooltip"). */
  packages: Set<string>;
  /** The packages' specifiers as written ("@tiptap/extensions/placeholder"). */
  specifiers: Set<string>;
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** The module specifiers `file` imports at run time, each with the names it takes. */
function valueImports(file: string): { spec: string; names: string[] }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { spec: string; names: string[] }[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const values = named?.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) ?? [];
      const onlyTypes = clause && !clause.name && named && values.length === 0;
      if (!onlyTypes) out.push({ spec: node.moduleSpecifier.text, names: values });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      if (named?.every((e) => e.isTypeOnly)) continue;
      out.push({ spec: node.moduleSpecifier.text, names: named?.map((e) => (e.propertyName ?? e.name).text) ?? [] });
    }
  }
  return out;
}

function firstLoad(...entries: string[]): Found {
  const found: Found = { files: new Set(), packages: new Set(), specifiers: new Set() };
  const stack = entries.map((e) => path.join(CLIENT, e));
  while (stack.length) {
    const file = stack.pop()!;
    const rel = path.relative(path.join(CLIENT, ".."), file);
    if (found.files.has(rel)) continue;
    found.files.add(rel);
    for (const { spec, names } of valueImports(file)) {
      if (spec.startsWith(".")) {
        const target = resolve(file, spec);
        if (target) stack.push(target);
      } else {
        const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
        found.packages.add(pkg);
        found.specifiers.add(spec);
        for (const name of names) found.packages.add(`${pkg}:${name}`);
      }
    }
  }
  return found;
}

const OFF_THE_FIRST_LOAD = ["zod", "@supabase/auth-js", "@floating-ui/react-dom", "radix-ui:Tooltip", "radix-ui:DropdownMenu", "radix-ui:Popover"];

describe("the first load", () => {
  const editor = firstLoad("main.tsx", "pages/editor-page.tsx");
  const landing = firstLoad("main.tsx", "pages/home-page.tsx", "pages/landing-page.tsx");

  it("the walk finds the page's own modules and libraries", () => {
    expect(editor.files).toContain("client/features/editor/editor-workspace.tsx");
    expect(editor.files).toContain("shared/contracts/collab-wire.ts");
    expect(editor.packages).toContain("@tiptap/react");
    expect(landing.files).toContain("client/features/landing/index.ts");
    expect(landing.packages).toContain("react");
  });

  it.each(OFF_THE_FIRST_LOAD)("of the editor route does not import %s", (pkg) => {
    expect(editor.packages).not.toContain(pkg);
  });

  it.each(OFF_THE_FIRST_LOAD)("of the landing page does not import %s", (pkg) => {
    expect(landing.packages).not.toContain(pkg);
  });

  it("imports no contract that builds zod schemas (their constants live in zod-free files)", () => {
    for (const found of [editor, landing]) {
      const withZod = [...found.files].filter((f) => f.startsWith("shared/contracts/") && valueImports(path.join(CLIENT, "..", f)).some((i) => i.spec === "zod"));
      expect(withZod).toEqual([]);
    }
  });

  it("of the landing page takes only Query's context object, not its client (lib/query-client-slot.ts)", () => {
    expect([...landing.packages].filter((p) => p.startsWith("@tanstack/"))).toEqual(["@tanstack/react-query", "@tanstack/react-query:QueryClientContext"]);
    expect(landing.files).not.toContain("client/lib/query-client.ts");
  });

  it("of the editor route keeps the AI that acts from the start and leaves the AI tools for first use", () => {
    // From the start: the shortcuts and the layer, the suggestions already in the text, ghost text.
    expect(editor.files).toContain("client/features/ai/ai-layer.tsx");
    expect(editor.files).toContain("client/features/ai/ai-toolbar.tsx");
    expect(editor.files).toContain("client/features/ai/inline-suggestions/use-doc-suggestions.ts");
    expect(editor.files).toContain("client/features/ai/inline-completion/plugin.ts");
    expect(editor.files).toContain("shared/editor/suggestion-marks.ts");
    // On first use: the actions and their streaming, the suggestion stream, bar and popover,
    // the dialogs, the card and the selection helper.
    const later = [
      "ai-tools.tsx",
      "actions.ts",
      "api.ts",
      "errors.ts",
      "editor-text.ts",
      "selection-helper.tsx",
      "assistant-panel.tsx",
      "rewrite-dialog.tsx",
      "readability-view.tsx",
      "ask-ai.tsx",
      "suggestion-card.tsx",
      "inline-suggestions/use-suggestion-stream.ts",
      "inline-suggestions/render.ts",
      "inline-suggestions/suggestion-bar.tsx",
      "inline-suggestions/suggestion-popover.tsx",
    ].map((f) => `client/features/ai/${f}`);
    expect(later.filter((f) => editor.files.has(f))).toEqual([]);
    expect(editor.packages).not.toContain("eventsource-parser");
    expect(editor.packages).not.toContain("diff");
  });

  it("of the editor route has the mode switch but loads Suggesting mode's tracking and cards on demand", () => {
    expect(editor.files).toContain("client/features/editor/mode-switch.tsx");
    expect(editor.files).toContain("client/features/suggesting/suggesting-slot.tsx");
    const later = ["suggesting-layer.tsx", "tracking.ts", "decide.ts", "read.ts"].map((f) => `client/features/suggesting/${f}`);
    expect(later.filter((f) => editor.files.has(f))).toEqual([]);
  });

  it("of the editor route leaves code grammars (and highlight.js's core) and the comments layer for later", () => {
    expect(editor.packages).not.toContain("highlight.js");
    expect(editor.packages).not.toContain("lowlight");
    expect(editor.packages).not.toContain("@tiptap/extension-code-block-lowlight");
    expect(editor.files).toContain("client/features/comments/comments-slot.tsx");
    expect(editor.files).not.toContain("client/features/comments/comments-layer.tsx");
    // The margin's layout, shared by the comments' and the suggestions' cards, loads with them.
    expect(editor.files).not.toContain("client/lib/margin-layout.ts");
  });

  it("of the editor route keeps the find extension and leaves the find bar for its first opening", () => {
    expect(editor.files).toContain("client/features/editor/find/find-extension.ts");
    expect(editor.files).not.toContain("client/features/editor/find/find-bar.tsx");
    expect(editor.files).not.toContain("client/features/editor/find/find-commands.ts");
  });

  it("of the editor route declares the link mark itself and registers the typing behaviour's plugins, leaving their code (linkifyjs, cursors, typography) for later", () => {
    expect(editor.files).toContain("shared/editor/marks/link.ts");
    for (const f of ["client/lib/links/link-typing.ts", "client/lib/typing/cursors.ts", "client/features/editor/typography.ts"]) expect(editor.files).toContain(f);
    for (const f of ["client/lib/links/link-typing-part.ts", "client/lib/typing/cursors-part.ts", "client/features/editor/typography-part.ts"]) expect(editor.files).not.toContain(f);
    // StarterKit imports every part it can bring, the link extension with linkifyjs among them.
    for (const pkg of ["@tiptap/starter-kit", "@tiptap/extension-link", "linkifyjs", "@tiptap/extension-typography"]) expect(editor.packages).not.toContain(pkg);
    for (const spec of ["@tiptap/pm/dropcursor", "@tiptap/pm/gapcursor", "@tiptap/extensions/drop-cursor", "@tiptap/extensions/gap-cursor"]) expect(editor.specifiers).not.toContain(spec);
    // The index of @tiptap/extensions imports the undo history and the cursors.
    expect(editor.specifiers).not.toContain("@tiptap/extensions");
  });

  it("of the editor route keeps the slash menu's plugin and leaves its list and commands for the first focus or \"/\"", () => {
    expect(editor.files).toContain("client/features/editor/slash-menu/slash-plugin.ts");
    expect(editor.files).toContain("client/features/editor/slash-menu/slash-bridge.ts");
    for (const f of ["slash-menu.tsx", "commands.ts", "run-command.ts"]) expect(editor.files).not.toContain(`client/features/editor/slash-menu/${f}`);
  });

  it("of the editor route leaves the find bar's matching and the code languages' list for their first use", () => {
    expect(editor.files).not.toContain("client/features/editor/find/matching.ts");
    expect(editor.files).not.toContain("shared/editor/nodes/code-language-names.ts");
    expect(editor.files).not.toContain("client/features/editor/code-language-labels.ts");
  });

  it("of the landing page leaves the pricing cards and the editor for later", () => {
    expect(landing.files).not.toContain("client/features/billing/pricing-section.tsx");
    expect([...landing.packages].filter((p) => p.startsWith("@tiptap/") || p.startsWith("prosemirror") || p === "yjs")).toEqual([]);
  });
});
