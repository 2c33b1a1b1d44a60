// The code block's colouring and language picker (code-highlight.ts) load into the editor
// when they are first needed: when the document holds a code block (looked for once the
// editor starts, then at most every few seconds after changes, as use-document-holds.ts
// does), or at once when the caret enters one (a block just typed with "```", inserted or
// pasted). Until then a code block shows as the schema draws it, uncoloured and without the
// picker; most documents hold none, and the picker, its labels and the list of languages the
// colouring knows are not needed to show or type text.
import { type Editor, Extension } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { RELOOK_MS } from "../../lib/use-document-holds";

const loading = new WeakMap<Editor, Promise<void>>();

function loadCodeHighlight(editor: Editor): void {
  if (loading.has(editor)) return;
  loading.set(
    editor,
    import("./code-highlight").then(
      (m) => {
        if (!editor.isDestroyed) editor.registerPlugin(m.codeHighlightPlugin());
      },
      () => {
        // A failed download (offline, say) is tried again at the next need.
        loading.delete(editor);
      },
    ),
  );
}

/** Whether `doc` holds a code block (text blocks are not looked into: a code block is one). */
export function holdsCodeBlock(doc: PMNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (node.type.name === "codeBlock") found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

export const CodeHighlight = Extension.create({
  name: "codeHighlight",

  onCreate() {
    const editor = this.editor;
    let timer = 0;
    // The look at the start does not count: a live document's text arrives just after, and
    // is looked at at once.
    let last = Number.NEGATIVE_INFINITY;
    const look = (counts = true) => {
      timer = 0;
      if (counts) last = performance.now();
      if (!editor.isDestroyed && !loading.has(editor) && holdsCodeBlock(editor.state.doc)) loadCodeHighlight(editor);
    };
    const onTransaction = ({ transaction }: { transaction: { docChanged: boolean; selectionSet: boolean } }) => {
      if (loading.has(editor)) return;
      if (transaction.selectionSet && editor.isActive("codeBlock")) {
        loadCodeHighlight(editor);
        return;
      }
      if (!transaction.docChanged || timer) return;
      timer = window.setTimeout(() => look(), Math.max(0, last + RELOOK_MS - performance.now()));
    };
    look(false);
    editor.on("transaction", onTransaction);
    editor.on("destroy", () => {
      editor.off("transaction", onTransaction);
      window.clearTimeout(timer);
    });
  },
});
