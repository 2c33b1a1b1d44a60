// Pictures a Word file links to rather than holds: <a:blip r:link="rIdN"> whose relationship
// has TargetMode="External". The Word reader (mammoth) does not give a picture's address to
// the picture converter, only a read function, which for a linked one would open a file (its
// external file access is off, so it fails). So before mammoth reads the document, each
// drawing holding a linked picture gets a marker at the start of its description
// ("\uE002<n>\uE003", private-use characters a file's text does not hold in a description),
// naming its address in the list returned; convert-docx.ts takes the marker out again. Nothing
// is ever fetched: an absolute http(s) address becomes a linked picture, a relative one a
// relative picture (src/shared/contracts/image-src.ts), any other (file:, a Windows path…) the
// description, as before. Scanned with indexOf, linear on any part.
import { isLinkedImageSrc, isRelativeImageSrc } from "../../shared/contracts/image-src.js";

export const LINKED_PICTURE_MARKER = /^\uE002(\d{1,7})\uE003/;

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** An attribute's value as text (XML's entities and character references resolved). */
export const xmlText = (value: string) =>
  value.replace(/&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/gi, (whole, hex?: string, dec?: string, name?: string) => {
    if (name) return XML_ENTITIES[name.toLowerCase()] ?? whole;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** The attributes of one start tag, by their qualified names (values as written). */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out.set(match[1]!, match[2] ?? match[3] ?? "");
  return out;
}

/** The External relationships of a relationships part, by id: their targets as text. */
export function externalTargets(rels: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const attrs = attributes(match[0]);
    const id = attrs.get("Id");
    const target = attrs.get("Target");
    if (id && target !== undefined && attrs.get("TargetMode") === "External") out.set(id, xmlText(target).trim());
  }
  return out;
}

/** The src a linked picture's address gives: the address when a picture may hold it, else "" (its description). */
export const linkedPictureSrc = (target: string | undefined): string =>
  target !== undefined && (isLinkedImageSrc(target) || isRelativeImageSrc(target)) ? target : "";

/**
 * The document part with a marker in the description of every drawing whose picture is linked
 * from outside the file, and the addresses the markers name.
 */
export function markLinkedPictures(documentXml: string, rels: string): { xml: string; targets: string[] } {
  const targets: string[] = [];
  if (!documentXml.includes("r:link=")) return { xml: documentXml, targets };
  const external = externalTargets(rels);
  const OPEN = "<w:drawing";
  const CLOSE = "</w:drawing>";
  let out = "";
  let at = 0;
  for (;;) {
    const open = documentXml.indexOf(OPEN, at);
    const close = open < 0 ? -1 : documentXml.indexOf(CLOSE, open);
    if (close < 0) break;
    const end = close + CLOSE.length;
    out += documentXml.slice(at, open);
    out += markDrawing(documentXml.slice(open, end), external, targets);
    at = end;
  }
  return { xml: out + documentXml.slice(at), targets };
}

function markDrawing(drawing: string, external: Map<string, string>, targets: string[]): string {
  const blip = /<a:blip\b[^>]*>/.exec(drawing);
  if (!blip) return drawing;
  const blipAttrs = attributes(blip[0]);
  const link = blipAttrs.get("r:link");
  // A picture both held and linked is read from the file, as Word shows it.
  if (!link || blipAttrs.has("r:embed") || !external.has(link)) return drawing;
  const docPr = /<wp:docPr\b[^>]*>/.exec(drawing);
  if (!docPr) return drawing;
  const attrs = attributes(docPr[0]);
  // The Word reader takes the description, or the title when there is none.
  const description = attrs.get("descr")?.trim() ? attrs.get("descr")! : (attrs.get("title") ?? "");
  const marker = `\uE002${targets.push(external.get(link)!) - 1}\uE003`;
  const bare = docPr[0].replace(/\sdescr\s*=\s*(?:"[^"]*"|'[^']*')/, "");
  const tag = `<wp:docPr descr="${marker}${description.replace(/"/g, "&quot;")}"${bare.slice("<wp:docPr".length)}`;
  return drawing.slice(0, docPr.index) + tag + drawing.slice(docPr.index + docPr[0].length);
}
