// A picture in the document: a block holding one picture, its src either a stored image
// (this app's /api/images/<id>; data: pictures become stored images when they are uploaded
// or imported) or a linked picture: an absolute http(s) address on another site
// (isLinkedImageSrc), kept as written, or a relative picture: an address relative to the
// file the document was imported from (isRelativeImageSrc), kept so exports give it back.
// The server never fetches a linked picture (that would let any user make it request any
// address), and the editor loads one only when the reader asks (image-view.ts); a relative
// picture is never loaded at all (read against Draftsmith's address it would name the app's
// own routes). No other src is accepted. Then its alt text, a width in percent of
// the text column (null: its natural size, never wider than the column), an alignment and
// an optional caption. The caption is an attribute (plain text under the picture), not a
// child node: a picture and its caption then move, copy and undo as one block, and every
// exporter reads both from the same place. Written to HTML as
// <figure data-type="image"><img src alt><figcaption>; the editor's node view (client)
// draws it with its controls. A pasted <figure> from another site holding one picture and a
// <figcaption> is read the same way.
import { mergeAttributes } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { imageIdFromSrc, isLinkedImageSrc, isRelativeImageSrc } from "../../contracts/image-src.js";

export const IMAGE_ALIGNMENTS = ["left", "center", "right"] as const;
export type ImageAlign = (typeof IMAGE_ALIGNMENTS)[number];
export const IMAGE_MIN_WIDTH = 10;
export const MAX_ALT_LENGTH = 1000;
export const MAX_CAPTION_LENGTH = 2000;

export interface ImageAttrs {
  src: string | null;
  alt: string | null;
  width: number | null;
  align: ImageAlign;
  caption: string | null;
}

/** What parsing reads of an element (the server compiles without the DOM's types). */
interface El {
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  textContent: string | null;
  tagName: string;
  children: ArrayLike<El>;
}

// What may hold the picture in a <figure> from another site (a link around it, <picture>'s sources).
const PICTURE_WRAPPERS = new Set(["a", "picture", "source", "p", "div", "span"]);

/**
 * The <img> of a pasted <figure> that holds one picture and one <figcaption> with no link in
 * it, and nothing else (null otherwise): read as that picture with its caption, as the HTML
 * import does (src/server/import/html-figure.ts); another figure's parts are read one by one.
 */
function lonePicture(figure: El): El | null {
  let img: El | null = null;
  let caption: El | null = null;
  let captions = 0;
  const walk = (el: El): boolean => {
    for (const child of Array.from(el.children)) {
      const tag = child.tagName.toLowerCase();
      if (tag === "figcaption") {
        captions++;
        caption = child;
      } else if (tag === "img") {
        if (img) return false;
        img = child;
      } else if (!PICTURE_WRAPPERS.has(tag) || !walk(child)) return false;
    }
    return true;
  };
  if (!walk(figure) || captions !== 1 || !img || (caption as El | null)?.querySelector("a[href]")) return null;
  // Text beside the picture (not in its caption) is more than a caption: the figure is read as it is.
  const bare = (el: El | null) => (el?.textContent ?? "").replace(/\s+/g, "");
  return bare(figure) === bare(caption) ? img : null;
}

/** True when `src` is one a picture may hold: a stored image, a linked picture or a relative one. */
export const isImageSrc = (src: unknown): boolean => imageIdFromSrc(src) !== null || isLinkedImageSrc(src) || isRelativeImageSrc(src);

const isWidth = (v: unknown) => Number.isInteger(v) && (v as number) >= IMAGE_MIN_WIDTH && (v as number) <= 100;

/** Why an image's attributes are refused (null when fine): the rule for stored content (validate.ts) and live changes (collab/ingress.ts). */
export function checkImageAttrs(attrs: Record<string, unknown>): string | null {
  const { src, alt, width, align, caption } = attrs;
  if (src !== undefined && src !== null && !isImageSrc(src)) return "image.src must be an image stored in Draftsmith, an http(s) address or an address relative to the original file";
  if (alt !== undefined && alt !== null && (typeof alt !== "string" || alt.length > MAX_ALT_LENGTH)) return "image.alt has an unsupported value";
  if (width !== undefined && width !== null && !isWidth(width)) return `image.width must be a whole percentage from ${IMAGE_MIN_WIDTH} to 100`;
  if (align !== undefined && align !== null && !(IMAGE_ALIGNMENTS as readonly unknown[]).includes(align)) return "image.align has an unsupported value";
  if (caption !== undefined && caption !== null && (typeof caption !== "string" || caption.length > MAX_CAPTION_LENGTH)) return "image.caption has an unsupported value";
  return null;
}

function widthFrom(el: El): number | null {
  const raw = el.getAttribute("data-width") ?? /(?:^|;)\s*width:\s*(\d+(?:\.\d+)?)%/.exec(el.getAttribute("style") ?? "")?.[1];
  const n = raw ? Math.round(Number(raw)) : Number.NaN;
  return Number.isFinite(n) ? Math.min(100, Math.max(IMAGE_MIN_WIDTH, n)) : null;
}

function alignFrom(el: El): ImageAlign {
  const v = el.getAttribute("data-align");
  return (IMAGE_ALIGNMENTS as readonly string[]).includes(v ?? "") ? (v as ImageAlign) : "center";
}

/** The attributes of a parsed <img> (and its <figure>): false when its src is not one a picture may hold (the node is then not made). */
function attrsFrom(figure: El | null, img: El | null): ImageAttrs | false {
  const src = img?.getAttribute("src")?.trim() ?? null;
  if (!isImageSrc(src)) return false;
  const caption = figure?.querySelector("figcaption")?.textContent?.trim() || null;
  const holder = figure ?? img!;
  return {
    src,
    alt: img?.getAttribute("alt")?.slice(0, MAX_ALT_LENGTH) ?? null,
    width: widthFrom(holder) ?? (figure ? null : widthFrom(img!)),
    align: alignFrom(holder),
    caption: caption ? caption.slice(0, MAX_CAPTION_LENGTH) : null,
  };
}

export const ImageNode = Image.extend({
  name: "image",
  draggable: true,
  atom: true,
  selectable: true,

  addOptions() {
    return { ...this.parent!(), inline: false, allowBase64: false, HTMLAttributes: {}, resize: false as const };
  },

  addAttributes() {
    // Rendered by renderHTML below, not one by one.
    const plain = (def: unknown) => ({ default: def, rendered: false });
    return { src: plain(null), alt: plain(null), width: plain(null), align: plain("center"), caption: plain(null) };
  },

  parseHTML() {
    return [
      { tag: 'figure[data-type="image"]', getAttrs: (el) => attrsFrom(el as unknown as El, (el as unknown as El).querySelector("img")) },
      {
        tag: "figure",
        getAttrs: (el) => {
          const img = lonePicture(el as unknown as El);
          return img ? attrsFrom(el as unknown as El, img) : false;
        },
      },
      { tag: "img[src]", getAttrs: (el) => attrsFrom(null, el as unknown as El) },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const a = node.attrs as ImageAttrs;
    const figure = mergeAttributes(HTMLAttributes, {
      "data-type": "image",
      "data-align": a.align,
      ...(a.width ? { "data-width": String(a.width), style: `width: ${a.width}%` } : {}),
    });
    const img = { src: a.src ?? "", alt: a.alt ?? "" };
    return a.caption ? ["figure", figure, ["img", img], ["figcaption", {}, a.caption]] : ["figure", figure, ["img", img]];
  },

  // No Markdown input rule (![alt](url) as it is typed): a picture is added from the menu.
  addInputRules() {
    return [];
  },
});
