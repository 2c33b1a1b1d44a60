// Putting pictures into the document: from the toolbar or slash menu (a file picker), by
// pasting and by dropping files. Each picture shows a placeholder with its upload progress
// where it will go (a decoration: only this writer sees it, nothing is in the shared
// document until the picture is stored), asks for its alt text meanwhile, and becomes an
// image block once both are done. Cancelling the prompt cancels the upload.
// The upload and insertion (image-insert.ts) load with the first picture.
import { type Editor, Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { IMAGE_ACCEPT } from "../../../../shared/contracts/image-src";

import { isPicture, type PlaceholderMeta, uploadsKey as key } from "./upload-placeholders";

/** Uploads `files` to document `documentId` and inserts each as a picture at `pos` (the selection when not given). */
export async function insertImageFiles(editor: Editor, documentId: string, files: File[], pos?: number): Promise<void> {
  await (await import("./image-insert")).insertImageFiles(editor, documentId, files, pos);
}

/** Opens the file picker; the chosen pictures go in at the selection. */
export function pickImageFiles(editor: Editor, documentId: string): void {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = IMAGE_ACCEPT;
  input.multiple = true;
  input.style.display = "none";
  input.addEventListener("change", () => {
    const files = [...(input.files ?? [])];
    input.remove();
    if (files.length) void insertImageFiles(editor, documentId, files);
  });
  document.body.append(input);
  input.click();
}

const filesOf = (data: DataTransfer | null) => [...(data?.files ?? [])].filter(isPicture);

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    imageUpload: {
      /** Opens the file picker for pictures to insert at the selection. */
      pickImage: () => ReturnType;
    };
  }
}

export const ImageUpload = Extension.create<{ documentId: string }>({
  name: "imageUpload",
  addOptions: () => ({ documentId: "" }),
  addCommands() {
    return {
      pickImage:
        () =>
        ({ editor, dispatch }) => {
          if (!editor.isEditable || !this.options.documentId) return false;
          if (dispatch) pickImageFiles(editor as Editor, this.options.documentId);
          return true;
        },
    };
  },
  addProseMirrorPlugins() {
    const editor = this.editor;
    const documentId = this.options.documentId;
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            let next = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(key) as PlaceholderMeta | undefined;
            if (meta && "add" in meta) {
              const widget = Decoration.widget(Math.min(meta.add.pos, tr.doc.content.size), meta.add.dom, { id: meta.add.id, side: -1 });
              next = next.add(tr.doc, [widget]);
            } else if (meta && "remove" in meta) {
              next = next.remove(next.find(undefined, undefined, (spec) => spec.id === meta.remove));
            }
            return next;
          },
        },
        props: {
          decorations: (state) => key.getState(state),
          handlePaste(_view, event) {
            const files = filesOf(event.clipboardData);
            if (!files.length || !editor.isEditable) return false;
            event.preventDefault();
            void insertImageFiles(editor, documentId, files);
            return true;
          },
          handleDrop(view, event, _slice, moved) {
            const files = moved ? [] : filesOf(event.dataTransfer);
            if (!files.length || !editor.isEditable) return false;
            event.preventDefault();
            const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            void insertImageFiles(editor, documentId, files, pos);
            return true;
          },
        },
      }),
    ];
  },
});
