// Types the first character of an empty line through ProseMirror instead of the browser.
//
// In an empty paragraph (<p><br></p>) Chromium creates the text node itself, and when the
// key comes right after the caret was placed there (Enter, then a fast key) it can leave
// the caret in front of the new character: "/head" arrived as "head/", and a fast typist's
// "Hello" after Enter as "elloH". Inserting the character as a transaction puts the caret
// after it, applies the pending marks (bold after Enter) and runs the input rules as
// ProseMirror's own text input does. Everything else (composition, a line that has text,
// a range selected) is left to the browser.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

const emptyLineInputKey = new PluginKey("emptyLineInput");

/** Whether the browser's caret is where the editor's state says it is. */
function caretMatchesState(view: EditorView): boolean {
  const domSelection = view.dom.ownerDocument.getSelection();
  if (!domSelection?.anchorNode || !domSelection.isCollapsed) return false;
  if (!view.dom.contains(domSelection.anchorNode)) return false;
  try {
    return view.posAtDOM(domSelection.anchorNode, domSelection.anchorOffset) === view.state.selection.from;
  } catch {
    return false;
  }
}

function insertIntoEmptyLine(view: EditorView, event: InputEvent): boolean {
  if (event.inputType !== "insertText" || event.isComposing || view.composing || !event.data) return false;
  const { selection } = view.state;
  const parent = selection.$from.parent;
  if (!selection.empty || !parent.isTextblock || parent.content.size !== 0 || parent.type.spec.code) return false;
  if (!caretMatchesState(view)) return false;
  const text = event.data;
  const { from, to } = selection;
  const insert = () => view.state.tr.insertText(text, from, to).scrollIntoView();
  event.preventDefault();
  if (!view.someProp("handleTextInput", (f) => f(view, from, to, text, insert))) view.dispatch(insert());
  return true;
}

export const EmptyLineInput = Extension.create({
  name: "emptyLineInput",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: emptyLineInputKey,
        props: { handleDOMEvents: { beforeinput: (view, event) => insertIntoEmptyLine(view, event as InputEvent) } },
      }),
    ];
  },
});
