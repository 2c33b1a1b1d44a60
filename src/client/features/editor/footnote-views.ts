// Footnotes in the editor: each reference shown as its superscript number, each note in the
// list at the end opening with its number. The numbers are worked out from the references'
// order whenever footnotes move (never stored), and reach the views as node decorations.
// Pressing a reference's number moves the cursor into its note; pressing a note's number
// moves it back to the reference.
import { Extension } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, TextSelection } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView, type NodeView } from "@tiptap/pm/view";
import { touchesFootnotes } from "../../../shared/editor/nodes/footnote-order";

const key = new PluginKey<DecorationSet>("footnoteNumbers");

function numbers(doc: PMNode): DecorationSet {
  const decos: Decoration[] = [];
  const byId = new Map<string, number>();
  let count = 0;
  const notes: { pos: number; node: PMNode }[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === "footnotes") {
      node.forEach((note, offset) => {
        notes.push({ pos: pos + 1 + offset, node: note });
      });
      return false;
    }
    if (node.type.name === "footnoteReference") {
      const n = ++count;
      if (typeof node.attrs.id === "string" && !byId.has(node.attrs.id)) byId.set(node.attrs.id, n);
      decos.push(Decoration.node(pos, pos + node.nodeSize, {}, { footnoteNumber: n }));
    }
    return true;
  });
  notes.forEach(({ pos, node }, i) => {
    decos.push(Decoration.node(pos, pos + node.nodeSize, {}, { footnoteNumber: byId.get(node.attrs.id) ?? i + 1 }));
  });
  return DecorationSet.create(doc, decos);
}

const numberFrom = (decorations: readonly Decoration[]) =>
  (decorations.find((d) => typeof (d.spec as { footnoteNumber?: number }).footnoteNumber === "number")?.spec as { footnoteNumber: number } | undefined)?.footnoteNumber ?? 0;

/** The position of the first node of `type` with id `id`, or -1. */
function find(doc: PMNode, type: string, id: unknown): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found >= 0) return false;
    if (node.type.name === type && node.attrs.id === id) {
      found = pos;
      return false;
    }
    return true;
  });
  return found;
}

function jump(view: EditorView, pos: number, into: boolean) {
  const node = view.state.doc.nodeAt(pos);
  if (!node) return;
  // Into a note: the end of its first paragraph. To a reference: just after it.
  const at = into ? pos + 2 + (node.firstChild?.content.size ?? 0) : pos + node.nodeSize;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, at)).scrollIntoView());
  view.focus();
}

class ReferenceView implements NodeView {
  dom: HTMLElement;
  private button: HTMLAnchorElement;

  constructor(
    private node: PMNode,
    view: EditorView,
    decorations: readonly Decoration[],
  ) {
    this.dom = document.createElement("sup");
    this.dom.className = "footnote-ref";
    this.dom.setAttribute("data-footnote-ref", String(node.attrs.id ?? ""));
    this.button = document.createElement("a");
    this.button.href = `#footnote-${String(node.attrs.id ?? "")}`;
    this.button.addEventListener("mousedown", (e) => e.preventDefault());
    this.button.addEventListener("click", (e) => {
      e.preventDefault();
      const pos = find(view.state.doc, "footnote", this.node.attrs.id);
      if (pos >= 0) jump(view, pos, true);
    });
    this.dom.append(this.button);
    this.show(numberFrom(decorations));
  }

  private show(n: number) {
    this.button.textContent = String(n || "");
    this.button.setAttribute("aria-label", `Footnote ${n}`);
  }

  update(node: PMNode, decorations: readonly Decoration[]): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.dom.setAttribute("data-footnote-ref", String(node.attrs.id ?? ""));
    this.show(numberFrom(decorations));
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.type === "click" || event.type === "mousedown";
  }

  ignoreMutation(): boolean {
    return true;
  }
}

class NoteView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private back: HTMLButtonElement;

  constructor(
    private node: PMNode,
    view: EditorView,
    decorations: readonly Decoration[],
  ) {
    this.dom = document.createElement("li");
    this.dom.className = "footnote";
    this.dom.setAttribute("data-footnote-id", String(node.attrs.id ?? ""));
    this.back = document.createElement("button");
    this.back.type = "button";
    this.back.className = "footnote-back";
    this.back.contentEditable = "false";
    this.back.addEventListener("mousedown", (e) => e.preventDefault());
    this.back.addEventListener("click", () => {
      const pos = find(view.state.doc, "footnoteReference", this.node.attrs.id);
      if (pos >= 0) jump(view, pos, false);
    });
    this.contentDOM = document.createElement("div");
    this.contentDOM.className = "footnote-body";
    this.dom.append(this.back, this.contentDOM);
    this.show(numberFrom(decorations));
  }

  private show(n: number) {
    this.back.textContent = `${n}.`;
    this.back.setAttribute("aria-label", `Back to footnote ${n} in the text`);
  }

  update(node: PMNode, decorations: readonly Decoration[]): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.dom.setAttribute("data-footnote-id", String(node.attrs.id ?? ""));
    this.show(numberFrom(decorations));
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.back.contains(event.target);
  }

  ignoreMutation(mutation: MutationRecord | { type: "selection"; target: Node }): boolean {
    return !this.contentDOM.contains(mutation.target);
  }
}

export const FootnoteViews = Extension.create({
  name: "footnoteViews",

  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => numbers(state.doc),
          apply: (tr, set, old, state) => {
            if (!tr.docChanged) return set;
            // A change from another editor replaces the whole document, so it is counted again.
            const remote = (tr.getMeta("y-sync$") as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;
            return remote || touchesFootnotes(tr, old.schema) ? numbers(state.doc) : set.map(tr.mapping, tr.doc);
          },
        },
        props: {
          decorations: (state) => key.getState(state),
          nodeViews: {
            footnoteReference: (node, view, _getPos, decorations) => new ReferenceView(node, view, decorations),
            footnote: (node, view, _getPos, decorations) => new NoteView(node, view, decorations),
          },
        },
      }),
    ];
  },
});
