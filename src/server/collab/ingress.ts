// What a live change may contain, checked before it is applied or sent to anyone. The stored
// copy must always be storable: a change the document schema refuses (an unknown kind of
// block or format, an unsafe link, a value no attribute takes) would make every later store
// fail, and an unknown format would even make the conversion to JSON drop the text it is on.
// So such a change is refused whole at the door and its sender is told; it stays on the
// sender's device. The check reads only the change itself (and, for an attribute set on an
// existing block, that block's name in the live document), so it costs what the change costs.
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import { isColwidth } from "../../shared/editor/nodes/table-attrs.js";
import { documentSchema } from "../../shared/editor/schema.js";
import { checkSuggestedBreak, SUGGESTED_BREAK } from "../../shared/editor/suggested-break.js";
import { checkAttrs } from "../../shared/editor/validate.js";
import { FRAGMENT, TITLE } from "./ydoc.js";

export interface Refusal {
  code: number;
  /** Said to the sender in the close frame (at most 123 bytes). */
  reason: string;
}

/** A mark of a kind that may overlap itself is stored under "<name>--<hash>" (y-prosemirror). */
export const markName = (key: string) => /^(.*)--[a-zA-Z0-9+/=]{8}$/.exec(key)?.[1] ?? key;

/**
 * Upper bounds of what a change adds to the stored JSON, per piece: a text run may become a
 * text node with marks; a block its type, attributes and brackets. Deletions are not
 * subtracted until the next store measures the document again.
 */
const JSON_BYTES_PER_TEXT_RUN = 48;
const JSON_BYTES_PER_BLOCK = 64;
const JSON_BYTES_PER_FORMAT = 32;

const refused = (reason: string): Refusal => ({ code: COLLAB_CLOSE.changeRefused, reason: reason.slice(0, 120) });

const idKey = (id: Y.ID) => `${id.client}:${id.clock}`;

/** The node name of the element an attribute item belongs to: in this change, or already in the document. */
function parentElementName(parent: Y.ID | string | null, inUpdate: Map<string, string>, doc: Y.Doc): string | null | undefined {
  if (!(parent instanceof Y.ID)) return null;
  const fromUpdate = inUpdate.get(idKey(parent));
  if (fromUpdate !== undefined) return fromUpdate;
  if (Y.getState(doc.store, parent.client) <= parent.clock) return undefined;
  const item = Y.getItem(doc.store, parent);
  if (item instanceof Y.Item && item.content instanceof Y.ContentType && item.content.type instanceof Y.XmlElement) return item.content.type.nodeName;
  return null;
}

/**
 * The attribute (key, and its element's node name when known) an item of a change sets. A
 * value set over an earlier one (a box ticked, a heading's level changed) is written naming
 * only that earlier value as its origin, with no parent or key of its own: they are the origin's.
 */
function attributeOf(
  struct: Y.Item,
  inUpdate: Map<string, string>,
  structs: (Y.Item | Y.GC | Y.Skip)[],
  doc: Y.Doc,
): { key: string; nodeName: string | null | undefined } | null {
  let item: Y.Item = struct;
  for (let hops = 0; item.parentSub === null && item.origin && hops < 8; hops++) {
    const origin: Y.ID = item.origin;
    const known = Y.getState(doc.store, origin.client) > origin.clock;
    const found = known
      ? Y.getItem(doc.store, origin)
      : structs.find((s) => s.id.client === origin.client && s.id.clock <= origin.clock && origin.clock < s.id.clock + s.length);
    if (!(found instanceof Y.Item)) return null;
    if (known) {
      // In the document: its parent is the element itself.
      if (found.parentSub === null) return null;
      const type = found.parent;
      return { key: found.parentSub, nodeName: type instanceof Y.XmlElement ? type.nodeName : null };
    }
    item = found;
  }
  if (item.parentSub === null) return null;
  return { key: item.parentSub, nodeName: parentElementName(item.parent as unknown as Y.ID | string | null, inUpdate, doc) };
}

export interface ChangeReview {
  refusal: Refusal | null;
  /** How many bytes the change may add to the stored JSON at most. */
  growth: number;
}

/**
 * Reviews Yjs update `update` against live document `doc`. A change whose parent is not in
 * the document yet is checked on what it carries; Yjs holds it back until its parent arrives.
 */
export function reviewChange(doc: Y.Doc, update: Uint8Array): ChangeReview {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return { refusal: refused("The change could not be read."), growth: 0 };
  }
  const schema = documentSchema();
  const elements = new Map<string, string>();
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Item && struct.content instanceof Y.ContentType && struct.content.type instanceof Y.XmlElement) {
      elements.set(idKey(struct.id), struct.content.type.nodeName);
    }
  }
  let growth = 0;
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue; // GC and Skip carry nothing
    // What the document already holds was reviewed when it arrived: a device that opens with
    // its own copy sends all of it again, and none of it adds anything.
    const known = Y.getState(doc.store, struct.id.client) - struct.id.clock;
    if (known >= struct.length) continue;
    // Text this same change deletes again (an undone paste) adds nothing either.
    const deletedHere = Y.isDeleted(decoded.ds, struct.id);
    const { content } = struct;
    // A decoded change names its parent by ID, or by root name for a top-level part.
    const parent = struct.parent as unknown as Y.ID | string | null;
    if (typeof parent === "string" && parent !== FRAGMENT && parent !== TITLE) return { refusal: refused(`Unknown part "${parent.slice(0, 40)}".`), growth };
    if (content instanceof Y.ContentDeleted) continue;
    if (content instanceof Y.ContentString) {
      if (!deletedHere) growth += Buffer.byteLength(known > 0 ? content.str.slice(known) : content.str) + JSON_BYTES_PER_TEXT_RUN;
      continue;
    }
    if (parent === TITLE) return { refusal: refused("The title holds only text."), growth };
    if (content instanceof Y.ContentType) {
      const type = content.type;
      if (type instanceof Y.XmlElement) {
        const spec = schema.nodes[type.nodeName];
        if (!spec || type.nodeName === "doc" || type.nodeName === "text") return { refusal: refused(`Unknown kind of block "${type.nodeName.slice(0, 40)}".`), growth };
        growth += JSON_BYTES_PER_BLOCK + type.nodeName.length;
        continue;
      }
      if (type instanceof Y.XmlText && !(type instanceof Y.XmlHook)) {
        growth += JSON_BYTES_PER_TEXT_RUN;
        continue;
      }
      return { refusal: refused("Unknown kind of content."), growth };
    }
    if (content instanceof Y.ContentFormat) {
      const name = markName(content.key);
      if (!schema.marks[name]) return { refusal: refused(`Unknown kind of format "${name.slice(0, 40)}".`), growth };
      const value = content.value as unknown;
      if (value !== null && value !== true) {
        if (typeof value !== "object" || Array.isArray(value)) return { refusal: refused(`The ${name} format has an unsupported value.`), growth };
        const attrs = value as Record<string, unknown>;
        if (Object.values(attrs).some((v) => typeof v === "object" && v !== null)) return { refusal: refused(`The ${name} format has an unsupported value.`), growth };
        const problem = checkAttrs(name, attrs);
        if (problem) return { refusal: refused(problem), growth };
        growth += JSON.stringify(attrs).length;
      }
      growth += JSON_BYTES_PER_FORMAT + name.length;
      continue;
    }
    const attribute = content instanceof Y.ContentAny ? attributeOf(struct, elements, decoded.structs, doc) : null;
    if (content instanceof Y.ContentAny && attribute) {
      // An attribute of a block (y-prosemirror keeps a node's attributes on its element).
      const { key: parentSub, nodeName } = attribute;
      const value = content.arr[content.arr.length - 1] as unknown;
      // The one list a block's attribute holds: a table cell's column widths, checked here
      // even when the cell's kind is not known yet.
      const widths = parentSub === "colwidth" && Array.isArray(value);
      if (widths && !isColwidth(value)) return { refusal: refused("A table cell's column widths have an unsupported value."), growth };
      // The one object a block's attribute holds: a suggested paragraph break (flat, strings only).
      const suggestedBreak = parentSub === SUGGESTED_BREAK && typeof value === "object" && value !== null && !Array.isArray(value);
      const breakProblem = suggestedBreak ? checkSuggestedBreak(nodeName ?? "block", value) : null;
      if (breakProblem) return { refusal: refused(breakProblem), growth };
      if (!widths && !suggestedBreak && typeof value === "object" && value !== null) return { refusal: refused(`The attribute "${parentSub.slice(0, 40)}" has an unsupported value.`), growth };
      if (nodeName) {
        const problem = checkAttrs(nodeName, { [parentSub]: value });
        if (problem) return { refusal: refused(problem), growth };
      }
      growth += parentSub.length + JSON.stringify(value ?? null).length + 4;
      continue;
    }
    // Embeds, binary data, sub-documents and lists of values: nothing in the schema is made of them.
    return { refusal: refused("Unknown kind of content."), growth };
  }
  return { refusal: null, growth };
}

/** The refusal for a change that would take the document past `limit` bytes. */
export function tooLarge(limitBytes: number): Refusal {
  const mb = Math.round(limitBytes / (1024 * 1024));
  return { code: COLLAB_CLOSE.messageTooLarge, reason: `A document can hold at most ${mb} MB; this change would take it past that.` };
}
