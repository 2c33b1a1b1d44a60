// A code block with a language (TipTap's code block node, without its lowlight variant: that
// one imports highlight.js's core into every page that shows a document). The `language` attribute
// holds any language word in lower case within the safe rule of codeLanguage, or null
// (code-languages.ts); every way a language can arrive in the editor (pasted HTML's
// class="language-x", a "```c++" typed at a line start, a paste from VS Code) goes through
// codeLanguage, so a value breaking the rule never reaches the live document, whose review
// (src/server/collab/ingress.ts) would refuse it.
// The schema needs no grammar: the colouring is the browser editor's own plugin
// (src/client/features/editor/code-highlight.ts), which loads lowlight's grammars on demand.
import { textblockTypeInputRule } from "@tiptap/core";
import { CodeBlock as BaseCodeBlock } from "@tiptap/extension-code-block";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { codeLanguage } from "./code-languages.js";

const guardKey = new PluginKey("codeLanguageGuard");

// "```lang " or "~~~lang " at a line start; TipTap's own rules take letters only ("```c++" stayed text).
const backtickInput = /^```([^\s`]+)?[\s\n]$/;
const tildeInput = /^~~~([^\s`~]+)?[\s\n]$/;

export const CodeBlock = BaseCodeBlock.extend({
  addOptions() {
    return { ...this.parent!(), defaultLanguage: null };
  },

  addAttributes() {
    return {
      language: {
        default: null,
        parseHTML: (element: HTMLElement) => {
          const code = element.firstElementChild ?? element;
          for (const el of [code, element]) {
            for (const cls of Array.from(el.classList)) {
              const name = /^(?:language|lang)-(.+)$/.exec(cls)?.[1];
              const language = name ? codeLanguage(name) : null;
              if (language) return language;
            }
          }
          return null;
        },
        rendered: false,
      },
    };
  },

  addInputRules() {
    return [backtickInput, tildeInput].map((find) =>
      textblockTypeInputRule({ find, type: this.type, getAttributes: (match) => ({ language: codeLanguage(match[1]) }) }),
    );
  },

  addProseMirrorPlugins() {
    const type = this.type;
    // The base node's paste-from-VS-Code plugin stays.
    const inherited = this.parent?.() ?? [];
    const guard = new Plugin({
      key: guardKey,
      // A language set by a command or a paste is kept in lower case, or becomes null when it breaks the rule.
      appendTransaction: (transactions, _old, state) => {
        if (!transactions.some((tr) => tr.docChanged)) return null;
        let tr = null as ReturnType<typeof state.tr.setNodeMarkup> | null;
        // The ranges these transactions wrote, in the final document.
        let ranges: [number, number][] = [];
        for (const t of transactions) {
          ranges = ranges.map(([from, to]) => [t.mapping.map(from, -1), t.mapping.map(to, 1)]);
          if ((t.getMeta("y-sync$") as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin) continue;
          t.mapping.maps.forEach((map, i) => {
            const rest = t.mapping.slice(i + 1);
            map.forEach((_a, _b, from, to) => {
              ranges.push([rest.map(from, -1), rest.map(to, 1)]);
            });
          });
        }
        for (const [from, to] of ranges) {
          const end = Math.min(to, state.doc.content.size);
          if (from >= end) continue;
          state.doc.nodesBetween(from, end, (node, pos) => {
            if (node.type !== type) return !node.isTextblock;
            const language = node.attrs.language as unknown;
            if (language !== null && codeLanguage(language) !== language) {
              tr ??= state.tr;
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, language: codeLanguage(language) });
            }
            return false;
          });
        }
        return tr;
      },
    });
    return [...inherited, guard];
  },
});
