// Putting pictures into the document: from the toolbar or slash menu (a file picker), by
// pasting and by dropping files. Each picture shows a placeholder with its upload progress
// where it will go (a decoration: only this writer sees it, nothing is in the shared
// document until the picture is stored), asks for its alt text meanwhile, and becomes an
// image block once both are done. Cancelling the prompt cancels the upload.
import { type Editor, Extension } from "@tiptap/core";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../../../shared/contracts/image-src";
import { decorationMapping } from "../../../lib/collab/remote-change-mapping";
import { rememberImage } from "../../../lib/images/image-access";
import { uploadImage } from "../../../lib/images/upload-image";
import { toast } from "../../../lib/toast";

type PlaceholderMeta = { add: { id: string; pos: number; name: string } } | { remove: string };

const key = new PluginKey<DecorationSet>("imageUploads");
const MB = 1024 * 1024;
const PICTURE_NAME = /\.(png|jpe?g|gif|webp|avif|heic|heif|tiff?)$/i;
const isPicture = (f: File) => f.type.startsWith("image/") || PICTURE_NAME.test(f.name);

/** Placeholder elements by upload id, so progress updates touch the element directly. */
const bars = new Map<string, { bar: HTMLProgressElement; label: HTMLElement; name: string }>();

function placeholder(id: string, name: string): HTMLElement {
  const el = document.createElement("div");
  el.className = "ds-image-uploading";
  el.setAttribute("role", "status");
  el.setAttribute("data-upload", id);
  const label = document.createElement("span");
  label.textContent = `Uploading ${name}… 0%`;
  const bar = document.createElement("progress");
  bar.max = 1;
  bar.value = 0;
  bar.setAttribute("aria-label", `Upload of ${name}`);
  el.append(label, bar);
  bars.set(id, { bar, label, name });
  return el;
}

function setProgress(id: string, fraction: number) {
  const found = bars.get(id);
  if (!found) return;
  found.bar.value = fraction;
  found.label.textContent = fraction >= 1 ? `Processing ${found.name}…` : `Uploading ${found.name}… ${Math.round(fraction * 100)}%`;
}

export const placeholderWidget = (pos: number, id: string, name: string) => Decoration.widget(pos, () => placeholder(id, name), { id, name, side: -1 });

/**
 * Each placeholder moved through `tr`, never dropped: when the text around it is deleted it
 * stands where the deletion was, and a collaborator's change moves it only by what that change
 * really changed (decorationMapping: the live binding replaces the whole document). A picture
 * the writer is describing must not lose its place while they type its alt text.
 */
export function movePlaceholders(set: DecorationSet, tr: Transaction): DecorationSet {
  const all = set.find();
  if (all.length === 0) return set;
  const mapping = decorationMapping(tr);
  const size = tr.doc.content.size;
  return DecorationSet.create(
    tr.doc,
    all.map((d) => {
      const spec = d.spec as { id: string; name: string };
      return placeholderWidget(Math.min(mapping.map(d.from, -1), size), spec.id, spec.name);
    }),
  );
}

function placeholderPos(view: EditorView, id: string): number | null {
  const found = key.getState(view.state)?.find(undefined, undefined, (spec) => spec.id === id);
  return found?.[0]?.from ?? null;
}

const removePlaceholder = (view: EditorView, id: string) => {
  bars.delete(id);
  if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(key, { remove: id } satisfies PlaceholderMeta));
};

// The prompt's code loads on the first picture.
const loadPrompt = () => import("./alt-text-dialog");

/** Uploads `files` to document `documentId` and inserts each as a picture at `pos` (the selection when not given). */
export async function insertImageFiles(editor: Editor, documentId: string, files: File[], pos?: number): Promise<void> {
  for (const file of files) {
    if (!isPicture(file)) {
      toast({ title: `${file.name} is not a picture`, variant: "destructive" });
      continue;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toast({ title: `${file.name} is too large`, description: `Pictures may be at most ${IMAGE_MAX_BYTES / MB} MB.`, variant: "destructive" });
      continue;
    }
    const view = editor.view;
    const id = crypto.randomUUID();
    const at = pos ?? view.state.selection.from;
    view.dispatch(view.state.tr.setMeta(key, { add: { id, pos: at, name: file.name || "picture" } } satisfies PlaceholderMeta));
    const controller = new AbortController();
    const uploading = uploadImage(documentId, file, { onProgress: (f) => setProgress(id, f), signal: controller.signal });
    uploading.catch(() => {});
    const preview = URL.createObjectURL(file);
    let answer: Awaited<ReturnType<Awaited<ReturnType<typeof loadPrompt>>["askImageText"]>> = null;
    try {
      answer = await (await loadPrompt()).askImageText({ preview, fileName: file.name });
    } finally {
      URL.revokeObjectURL(preview);
    }
    if (!answer) {
      controller.abort();
      removePlaceholder(view, id);
      continue;
    }
    try {
      const stored = await uploading;
      rememberImage(stored.src, file);
      if (view.isDestroyed) continue;
      // Its placeholder always has a place (movePlaceholders); the selection is the last resort.
      const where = placeholderPos(view, id) ?? view.state.selection.from;
      removePlaceholder(view, id);
      // In an empty line the picture goes before it, so the line stays to write on after it.
      const $pos = view.state.doc.resolve(where);
      const at = $pos.parent.isTextblock && $pos.parent.content.size === 0 && $pos.depth > 0 ? $pos.before() : where;
      editor
        .chain()
        .insertContentAt(at, { type: "image", attrs: { src: stored.src, alt: answer.alt, caption: answer.caption, width: null, align: "center" } })
        .run();
    } catch (err) {
      removePlaceholder(view, id);
      toast({ title: "The picture was not added", description: (err as Error).message, variant: "destructive" });
    }
  }
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
            let next = tr.docChanged ? movePlaceholders(set, tr) : set;
            const meta = tr.getMeta(key) as PlaceholderMeta | undefined;
            if (meta && "add" in meta) {
              next = next.add(tr.doc, [placeholderWidget(Math.min(meta.add.pos, tr.doc.content.size), meta.add.id, meta.add.name)]);
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
