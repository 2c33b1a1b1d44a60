// The picture block as the browser draws it: the stored picture (fetched with this page's
// access, image-access.ts), its caption, and — when the editor is editable and the block
// is selected — a small bar to set the alt text, caption, width (percent of the column)
// and alignment. Plain DOM, not React: a long document may hold many pictures. Every
// change goes through a transaction on the node's attributes, so it travels in the live
// document and undoes like any edit.
import type { NodeViewRenderer } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { IMAGE_ALIGNMENTS, type ImageAlign, type ImageAttrs, ImageNode } from "../../../shared/editor/nodes/image";
import { type ImageAccess, loadImage } from "./image-access";
import "./image-view.css";

/** Asks the writer for a picture's alt text and caption (the editor's dialog); null when cancelled. */
export type EditImageText = (current: { alt: string; caption: string; preview: string | null }) => Promise<{ alt: string; caption: string | null } | null>;

const WIDTHS = [25, 50, 75, 100] as const;
const ALIGN_LABEL: Record<ImageAlign, string> = { left: "Align left", center: "Center", right: "Align right" };

function button(label: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "ds-image-button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.title = label;
  // Keep the editor's selection on the picture while a button is pressed.
  b.addEventListener("mousedown", (e) => e.preventDefault());
  b.addEventListener("click", (e) => {
    e.preventDefault();
    onClick();
  });
  return b;
}

export function createImageView(access: ImageAccess, editText?: EditImageText): NodeViewRenderer {
  return ({ node: initial, getPos, editor }) => {
    let node = initial as PmNode;
    let shown: string | null = null;
    const dom = document.createElement("figure");
    dom.className = "ds-image";
    dom.setAttribute("data-type", "image");
    const frame = document.createElement("div");
    frame.className = "ds-image-frame";
    const img = document.createElement("img");
    img.draggable = false;
    const status = document.createElement("span");
    status.className = "ds-image-status";
    status.setAttribute("role", "status");
    frame.append(img, status);
    const caption = document.createElement("figcaption");
    const controls = document.createElement("div");
    controls.className = "ds-image-controls";
    controls.contentEditable = "false";
    controls.setAttribute("role", "toolbar");
    controls.setAttribute("aria-label", "Picture");
    dom.append(frame, caption, controls);

    const attrs = () => node.attrs as ImageAttrs;
    const setAttrs = (next: Partial<ImageAttrs>) => {
      const pos = typeof getPos === "function" ? getPos() : undefined;
      if (typeof pos !== "number") return;
      editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...next }));
    };
    const editTexts = async () => {
      if (!editText) return;
      const result = await editText({ alt: attrs().alt ?? "", caption: attrs().caption ?? "", preview: img.currentSrc || null });
      if (result) setAttrs({ alt: result.alt, caption: result.caption });
    };

    const widthButtons = WIDTHS.map((w) => button(`Width ${w}%`, `${w}%`, () => setAttrs({ width: w === 100 ? null : w })));
    const alignButtons = IMAGE_ALIGNMENTS.map((a) => button(ALIGN_LABEL[a], a === "left" ? "⇤" : a === "right" ? "⇥" : "↔", () => setAttrs({ align: a })));
    if (editText) controls.append(button("Edit alt text and caption", "Alt text", () => void editTexts()));
    controls.append(...widthButtons, ...alignButtons);

    const render = () => {
      const a = attrs();
      dom.setAttribute("data-align", a.align ?? "center");
      dom.style.width = a.width ? `${a.width}%` : "";
      img.alt = a.alt ?? "";
      caption.textContent = a.caption ?? "";
      caption.hidden = !a.caption;
      for (const [i, b] of widthButtons.entries()) b.setAttribute("aria-pressed", String((a.width ?? 100) === WIDTHS[i]));
      for (const [i, b] of alignButtons.entries()) b.setAttribute("aria-pressed", String((a.align ?? "center") === IMAGE_ALIGNMENTS[i]));
      if (a.src === shown) return;
      shown = a.src;
      dom.classList.add("ds-image-loading");
      status.textContent = "Loading picture…";
      if (!a.src) return;
      const wanted = a.src;
      loadImage(wanted, access).then(
        (url) => {
          if (shown !== wanted) return;
          img.src = url;
          status.textContent = "";
          dom.classList.remove("ds-image-loading");
        },
        () => {
          if (shown !== wanted) return;
          dom.classList.remove("ds-image-loading");
          dom.classList.add("ds-image-missing");
          status.textContent = a.alt ? `Picture not available: ${a.alt}` : "Picture not available";
        },
      );
    };
    render();

    return {
      dom,
      update(next) {
        if (next.type !== node.type) return false;
        node = next as PmNode;
        render();
        return true;
      },
      selectNode() {
        dom.classList.add("ds-image-selected");
      },
      deselectNode() {
        dom.classList.remove("ds-image-selected");
      },
      // The bar's buttons are ours; the rest (dragging, selecting the picture) is the editor's.
      stopEvent: (event) => controls.contains(event.target as Node),
      ignoreMutation: () => true,
    };
  };
}

/** The schema's image node drawn by this view: the same node (name, attributes, HTML), for one page's access. */
export function imageNodeWithView(access: ImageAccess, editText?: EditImageText) {
  return ImageNode.extend({ addNodeView: () => createImageView(access, editText) });
}

/** `extensions` (the schema's list) with its image node drawn for this page's access. */
export function withImageView<E extends { name: string }>(extensions: E[], access: ImageAccess, editText?: EditImageText): E[] {
  return extensions.map((ext) => (ext.name === "image" ? (imageNodeWithView(access, editText) as unknown as E) : ext));
}
