// The picture block as the browser draws it: the stored picture (fetched with this page's
// access, image-access.ts), its caption, and — when the editor is editable and the block
// is selected — a small bar to set the alt text, caption, width (percent of the column)
// and alignment. Plain DOM, not React: a long document may hold many pictures. Every
// change goes through a transaction on the node's attributes, so it travels in the live
// document and undoes like any edit.
// A linked picture (a picture on another site, by its http(s) address) is not loaded on
// its own: loading it would tell that site who reads the document, and when. It shows as a
// card with its alt text, the site's name and a "Show picture" button; the button loads it
// in this browser only (nothing is stored, other readers still see the card), through an
// <img> with no referrer, which the page's Content-Security-Policy allows (img-src https:
// http:, server/http/security.ts). The button is reachable with Tab, and Enter on the
// selected picture presses it. The editor and the shared view draw it the same way.
// A relative picture (an address relative to the file the document was imported from,
// "train.jpg") is never loaded: read against this page's address it would name one of the
// app's own routes, not the file beside the original. It shows the same card with its alt
// text, its address and what to do, and no "Show picture" button; in the editor, an "Upload
// picture" button puts the uploaded file in its place (alt text and caption kept).
import type { Editor, NodeViewRenderer } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { NodeSelection } from "@tiptap/pm/state";
import { IMAGE_ALIGNMENTS, type ImageAlign, type ImageAttrs, ImageNode } from "../../../shared/editor/nodes/image";
import { isLinkedImageSrc, isRelativeImageSrc, linkedImageHost } from "../../../shared/contracts/image-src";
import { type ImageAccess, loadImage } from "./image-access";
import "./image-view.css";

/** Picks and uploads the file for a relative picture (the editor's); the stored image's src, or null. */
export type UploadFile = () => Promise<string | null>;

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

/** Linked pictures this reader asked to see on this page (by address): shown again when redrawn, never stored. */
const revealed = new Set<string>();

/** What a card stands in for: a linked picture (from `host`, can be shown) or a relative one (`file`, never loaded). */
type CardFor = { host: string } | { file: string };

/** The card standing in for a linked picture until the reader asks to see it, or for a relative picture always. */
function linkedCard(): { card: HTMLElement; update(alt: string, of: CardFor): void; show: HTMLButtonElement; upload: HTMLButtonElement } {
  const card = document.createElement("div");
  card.className = "ds-image-linked";
  card.contentEditable = "false";
  card.setAttribute("role", "group");
  const alt = document.createElement("p");
  alt.className = "ds-image-linked-alt";
  const where = document.createElement("p");
  where.className = "ds-image-linked-host";
  const show = document.createElement("button");
  show.type = "button";
  show.className = "ds-image-button ds-image-linked-show";
  show.textContent = "Show picture";
  const upload = document.createElement("button");
  upload.type = "button";
  upload.className = "ds-image-button ds-image-linked-show ds-image-linked-upload";
  upload.textContent = "Upload picture";
  upload.hidden = true;
  card.append(alt, where, show, upload);
  return {
    card,
    show,
    upload,
    update(text, of) {
      alt.textContent = text || "Picture without a description";
      show.hidden = !("host" in of);
      upload.setAttribute("aria-label", `Upload the picture${"file" in of ? ` ${of.file}` : ""}${text ? `: ${text}` : ""}`);
      if ("host" in of) {
        where.textContent = `Linked from ${of.host}. Not loaded until you ask: loading it lets that site see you read this.`;
        card.setAttribute("aria-label", `Linked picture${text ? `: ${text}` : ""}, from ${of.host}`);
        show.setAttribute("aria-label", `Show picture from ${of.host}${text ? `: ${text}` : ""}`);
      } else {
        where.textContent = `Picture from the original file (${of.file}): upload it to show it here.`;
        card.setAttribute("aria-label", `Picture from the original file${text ? `: ${text}` : ""}, ${of.file}, not uploaded`);
      }
    },
  };
}

export function createImageView(access: ImageAccess, editText?: EditImageText, uploadFile?: UploadFile): NodeViewRenderer {
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
    const linked = linkedCard();
    frame.append(img, linked.card, status);
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
      if (a.src && isLinkedImageSrc(a.src)) linked.update(a.alt ?? "", { host: linkedImageHost(a.src) ?? "" });
      else if (a.src && isRelativeImageSrc(a.src)) linked.update(a.alt ?? "", { file: a.src });
      if (a.src === shown) return;
      shown = a.src;
      dom.classList.remove("ds-image-missing", "ds-image-loading", "ds-image-is-linked", "ds-image-is-relative");
      linked.card.hidden = true;
      linked.upload.hidden = true;
      if (a.src && isRelativeImageSrc(a.src)) {
        // Never loaded (see the top of this file): the card stays.
        dom.classList.add("ds-image-is-linked", "ds-image-is-relative");
        img.removeAttribute("src");
        img.hidden = true;
        linked.card.hidden = false;
        // Shown while the editor takes changes (image-view.css hides it in a read-only one).
        linked.upload.hidden = !uploadFile;
        status.textContent = "";
        return;
      }
      if (a.src && isLinkedImageSrc(a.src)) {
        dom.classList.add("ds-image-is-linked");
        if (revealed.has(a.src)) showLinked(a.src);
        else {
          img.removeAttribute("src");
          img.hidden = true;
          linked.card.hidden = false;
          status.textContent = "";
        }
        return;
      }
      img.hidden = false;
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
    /** Loads linked picture `src` (the reader asked): from its site, sending no referrer. */
    function showLinked(src: string) {
      revealed.add(src);
      linked.card.hidden = true;
      img.hidden = false;
      img.referrerPolicy = "no-referrer";
      dom.classList.add("ds-image-loading");
      status.textContent = "Loading picture…";
      img.onload = () => {
        if (shown !== src) return;
        status.textContent = "";
        dom.classList.remove("ds-image-loading");
      };
      img.onerror = () => {
        if (shown !== src) return;
        dom.classList.remove("ds-image-loading");
        dom.classList.add("ds-image-missing");
        img.hidden = true;
        const alt = attrs().alt;
        status.textContent = `Picture could not be loaded from ${linkedImageHost(src)}${alt ? `: ${alt}` : ""}`;
      };
      img.src = src;
    }
    linked.upload.addEventListener("mousedown", (e) => e.preventDefault());
    linked.upload.addEventListener("click", (e) => {
      e.preventDefault();
      const was = attrs().src;
      if (!uploadFile || !was || !isRelativeImageSrc(was)) return;
      void uploadFile().then((src) => {
        // Only when the picture still holds the address the writer uploaded a file for.
        if (src && attrs().src === was) setAttrs({ src });
      });
    });
    linked.show.addEventListener("mousedown", (e) => e.preventDefault());
    linked.show.addEventListener("click", (e) => {
      e.preventDefault();
      const src = attrs().src;
      if (src && isLinkedImageSrc(src)) showLinked(src);
    });
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
      stopEvent: (event) => controls.contains(event.target as Node) || linked.card.contains(event.target as Node),
      ignoreMutation: () => true,
    };
  };
}

/** The schema's image node drawn by this view: the same node (name, attributes, HTML), for one page's access. */
/** Enter on a selected linked picture that is not shown yet shows it (as its button does); otherwise Enter does what it always does. */
function showSelectedLinked(editor: Editor): boolean {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") return false;
  const dom = editor.view.nodeDOM(selection.from) as HTMLElement | null;
  const button = dom?.querySelector<HTMLButtonElement>(".ds-image-linked:not([hidden]) .ds-image-linked-show:not([hidden])");
  if (!button) return false;
  button.click();
  return true;
}

export function imageNodeWithView(access: ImageAccess, editText?: EditImageText, uploadFile?: UploadFile) {
  return ImageNode.extend({
    addNodeView: () => createImageView(access, editText, uploadFile),
    addKeyboardShortcuts() {
      const editor = this.editor;
      return { "Enter": () => showSelectedLinked(editor) };
    },
  });
}

/** `extensions` (the schema's list) with its image node drawn for this page's access. */
export function withImageView<E extends { name: string }>(extensions: E[], access: ImageAccess, editText?: EditImageText, uploadFile?: UploadFile): E[] {
  return extensions.map((ext) => (ext.name === "image" ? (imageNodeWithView(access, editText, uploadFile) as unknown as E) : ext));
}
