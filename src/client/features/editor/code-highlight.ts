// The code block in the editor: syntax colouring and a language picker. Colours are
// decorations from lowlight (never document content), worked out again only for a code
// block whose text or language changed; the grammars load on first need (code-grammars.ts).
// The picker is a native select above the code, so it works with a keyboard, a screen
// reader and a phone's own picker; choosing a language sets the node's `language`
// attribute, which the live document carries to co-editors. A language lowlight does not
// know (any word a Markdown fence may name, code-languages.ts) is shown uncoloured and listed
// as its own entry for as long as the block is on screen, so choosing another language and
// then that one again gives it back.
import { Extension } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView, type NodeView } from "@tiptap/pm/view";
import { codeLanguage } from "../../../shared/editor/nodes/code-languages";

interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: string[] };
  children?: HastNode[];
}
interface Lowlight {
  highlight(language: string, value: string): HastNode;
  registered(name: string): boolean;
}

let lowlight: Lowlight | null = null;
/** The grammars' file, with the list of coloured languages and their names (code-grammars.ts). */
let grammars: typeof import("./code-grammars") | null = null;
let loading = false;
const waiting = new Set<EditorView>();
/** The pickers on screen, filled again with every language when the list arrives. */
const pickers = new Set<CodeBlockView>();
const key = new PluginKey<DecorationSet>("codeHighlight");

function loadGrammars(view: EditorView): void {
  waiting.add(view);
  if (loading) return;
  loading = true;
  import("./code-grammars").then(
    (m) => {
      lowlight = m.createCodeLowlight() as unknown as Lowlight;
      grammars = m;
      for (const picker of pickers) picker.refill();
      for (const v of waiting) if (!v.isDestroyed) v.dispatch(v.state.tr.setMeta(key, "grammars"));
      waiting.clear();
    },
    () => {
      // Fetched again at the next change (the network may be back).
      loading = false;
    },
  );
}

/** Token spans of one code block, relative to its start; cached per node (an unchanged block is the same node). */
const spansCache = new WeakMap<PMNode, { from: number; to: number; className: string }[]>();

function spansOf(node: PMNode): { from: number; to: number; className: string }[] {
  const cached = spansCache.get(node);
  if (cached) return cached;
  const language = grammars?.knownLanguage(node.attrs.language);
  const spans: { from: number; to: number; className: string }[] = [];
  if (lowlight && language && lowlight.registered(language)) {
    let at = 0;
    const walk = (n: HastNode, classes: string[]) => {
      if (n.type === "text") {
        const length = n.value?.length ?? 0;
        if (classes.length && length) spans.push({ from: at, to: at + length, className: classes.join(" ") });
        at += length;
        return;
      }
      const own = n.properties?.className ?? [];
      for (const child of n.children ?? []) walk(child, own.length ? [...classes, ...own] : classes);
    };
    walk(lowlight.highlight(language, node.textContent), []);
    spansCache.set(node, spans);
  }
  return spans;
}

function decorations(doc: PMNode, view: EditorView | null): DecorationSet {
  const decos: Decoration[] = [];
  let sawCode = false;
  doc.descendants((node, pos) => {
    if (node.type.name === "codeBlock") {
      sawCode = true;
      for (const s of spansOf(node)) decos.push(Decoration.inline(pos + 1 + s.from, pos + 1 + s.to, { class: s.className }));
      return false;
    }
    return !node.isTextblock;
  });
  if (sawCode && !lowlight && view) loadGrammars(view);
  return DecorationSet.create(doc, decos);
}

const labelOf = (language: string) => grammars?.LANGUAGE_LABELS[language] ?? language;

/**
 * The options: plain text, the common languages, and the languages this block had that are
 * others. Before the list has arrived (it comes with the grammars, which a code block on
 * screen asks for), plain text and this block's languages.
 */
function fillOptions(select: HTMLSelectElement, current: string | null, own: readonly string[]): void {
  const common = grammars ? [...grammars.COMMON_CODE_LANGUAGES] : [];
  const values = ["", ...common.filter((l) => l !== "plaintext").sort((a, b) => labelOf(a).localeCompare(labelOf(b)))];
  for (const language of own) if (!values.includes(language)) values.push(language);
  select.replaceChildren(
    ...values.map((value) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = value ? labelOf(value) : "Plain text";
      return option;
    }),
  );
  select.value = current ?? "";
}

class CodeBlockView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private select: HTMLSelectElement;
  private node: PMNode;
  /** The languages this block has had, in the order it had them. */
  private own: string[] = [];

  constructor(node: PMNode, view: EditorView, getPos: () => number | undefined) {
    this.node = node;
    this.dom = document.createElement("div");
    this.dom.className = "code-block";
    const bar = document.createElement("div");
    bar.className = "code-block-bar";
    bar.contentEditable = "false";
    this.select = document.createElement("select");
    this.select.className = "code-block-language";
    this.select.setAttribute("aria-label", "Code language");
    this.select.disabled = !view.editable;
    this.fill();
    pickers.add(this);
    // The list of languages comes with the grammars.
    if (!grammars) loadGrammars(view);
    this.select.addEventListener("change", () => {
      const pos = getPos();
      if (pos === undefined) return;
      const language = codeLanguage(this.select.value);
      view.dispatch(view.state.tr.setNodeMarkup(pos, undefined, { ...this.node.attrs, language }));
      view.focus();
    });
    bar.append(this.select);
    const pre = document.createElement("pre");
    this.contentDOM = document.createElement("code");
    this.setLanguageClass();
    pre.append(this.contentDOM);
    this.dom.append(bar, pre);
  }

  /** Fills the picker again (the list of languages has arrived). */
  refill() {
    fillOptions(this.select, codeLanguage(this.node.attrs.language), this.own);
  }

  destroy() {
    pickers.delete(this);
  }

  private fill() {
    const language = codeLanguage(this.node.attrs.language);
    if (language && !this.own.includes(language)) this.own.push(language);
    fillOptions(this.select, language, this.own);
  }

  private setLanguageClass() {
    const language = this.node.attrs.language as string | null;
    this.contentDOM.className = language ? `language-${language}` : "";
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    const changed = node.attrs.language !== this.node.attrs.language;
    this.node = node;
    if (changed) {
      this.fill();
      this.setLanguageClass();
    }
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.select.contains(event.target);
  }

  ignoreMutation(mutation: MutationRecord | { type: "selection"; target: Node }): boolean {
    return !this.contentDOM.contains(mutation.target);
  }
}

export const CodeHighlight = Extension.create({
  name: "codeHighlight",

  addProseMirrorPlugins() {
    let viewRef: EditorView | null = null;
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => decorations(state.doc, null),
          apply: (tr, set, _old, state) => (tr.docChanged || tr.getMeta(key) ? decorations(state.doc, viewRef) : set),
        },
        view: (view) => {
          viewRef = view;
          // A document that opens with code starts the grammars' load.
          let hasCode = false;
          view.state.doc.descendants((n) => {
            if (n.type.name === "codeBlock") hasCode = true;
            return !hasCode && !n.isTextblock;
          });
          if (hasCode && !lowlight) loadGrammars(view);
          return {
            destroy: () => {
              waiting.delete(view);
              viewRef = null;
            },
          };
        },
        props: {
          decorations: (state) => key.getState(state),
          nodeViews: {
            codeBlock: (node, view, getPos) => new CodeBlockView(node, view, getPos),
          },
        },
      }),
    ];
  },
});

