// Uploading pictures and putting them into the document (image-upload.ts says how they
// arrive). Loaded with the first picture pasted, dropped or picked: a writer who adds none
// does not download it.
import type { Editor } from "@tiptap/core";
import type { EditorView } from "@tiptap/pm/view";
import { IMAGE_MAX_BYTES } from "../../../../shared/contracts/image-src";
import { rememberImage } from "../../../lib/images/image-access";
import { uploadImage } from "../../../lib/images/upload-image";
import { toast } from "../../../lib/toast";
import { isPicture, type PlaceholderMeta, uploadsKey as key } from "./upload-placeholders";

const MB = 1024 * 1024;
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
    view.dispatch(view.state.tr.setMeta(key, { add: { id, pos: at, dom: placeholder(id, file.name || "picture") } } satisfies PlaceholderMeta));
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
      const where = view.isDestroyed ? null : placeholderPos(view, id);
      removePlaceholder(view, id);
      if (where === null) continue;
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

