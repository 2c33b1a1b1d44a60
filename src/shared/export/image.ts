// What the text exporters write for a picture (HTML, Markdown, plain text). The server
// hands them a document whose image `src` it has already resolved (export/images.ts): a
// data: URL of the stored bytes for a downloaded HTML file, an absolute address for
// Markdown, a linked picture's own http(s) address (isLinkedImageSrc) or a relative
// picture's address beside the original file (isRelativeImageSrc), both kept as they are.
// Only those shapes are ever written out; anything else becomes the alt text.
import { imageIdFromSrc, isLinkedImageSrc, isRelativeImageSrc } from "../contracts/image-src.js";
import type { DocNode } from "../editor/schema.js";

const DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const ABSOLUTE_IMAGE_URL = /^https?:\/\/[^\s"'<>()\\]+\/api\/images\/[0-9a-f-]{36}$/i;
const ALIGNS = new Set(["left", "center", "right"]);

export interface ImageParts {
  src: string | null;
  alt: string;
  caption: string;
  width: number | null;
  align: "left" | "center" | "right";
}

/** The picture's attributes, with src only when it is one a file may carry. */
export function imageParts(node: DocNode): ImageParts {
  const a = node.attrs ?? {};
  const src = typeof a.src === "string" && (DATA_URL.test(a.src) || ABSOLUTE_IMAGE_URL.test(a.src) || imageIdFromSrc(a.src) || isLinkedImageSrc(a.src) || isRelativeImageSrc(a.src)) ? a.src : null;
  const width = Number.isInteger(a.width) && (a.width as number) >= 10 && (a.width as number) <= 100 ? (a.width as number) : null;
  return {
    src,
    alt: typeof a.alt === "string" ? a.alt : "",
    caption: typeof a.caption === "string" ? a.caption : "",
    width,
    align: ALIGNS.has(a.align as string) ? (a.align as ImageParts["align"]) : "center",
  };
}

/** A Markdown image, the caption as its title: ![alt](src "caption"). */
export function imageMarkdown(node: DocNode): string {
  const p = imageParts(node);
  // Every character Markdown could read as markup inside the description escaped (its text is the alt text).
  const alt = p.alt.replace(/([\\[\]`*_<>&!=~|])/g, "\\$1").replace(/\n/g, " ");
  if (!p.src) return p.alt ? `[Picture: ${alt}]` : "[Picture]";
  const title = p.caption ? ` "${p.caption.replace(/(["\\])/g, "\\$1").replace(/\n/g, " ")}"` : "";
  return `![${alt}](${p.src.replace(/ /g, "%20").replace(/([()])/g, "\\$1")}${title})`;
}

/** True when `doc` holds a picture whose src passes `test`. */
function holdsImage(doc: DocNode, test: (src: unknown) => boolean): boolean {
  const stack: DocNode[] = [doc];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "image" && test(node.attrs?.src)) return true;
    for (const child of node.content ?? []) stack.push(child);
  }
  return false;
}

/** True when `doc` holds a linked picture (a picture on another site, by its address). */
export const hasLinkedImage = (doc: DocNode): boolean => holdsImage(doc, isLinkedImageSrc);

/** True when `doc` holds a relative picture (a file beside the original document, by its address). */
export const hasRelativeImage = (doc: DocNode): boolean => holdsImage(doc, isRelativeImageSrc);

/** The plain-text stand-in: the picture's description and caption. */
export function imageText(node: DocNode): string {
  const p = imageParts(node);
  return [`[Picture${p.alt ? `: ${p.alt}` : ""}]`, p.caption].filter(Boolean).join("\n");
}
