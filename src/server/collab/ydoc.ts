// Converts between the stored JSON document and its live Yjs form, with the same schema
// the editor uses (shared/editor/schema.ts). The editor's Collaboration extension binds
// the XML fragment named FRAGMENT, so both sides must agree on it.
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { prosemirrorToYXmlFragment, updateYFragment, yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { COLLAB_BODY_FIELD, COLLAB_TITLE_FIELD } from "../../shared/contracts/collab.js";
import { type DocNode, documentSchema, EMPTY_DOC } from "../../shared/editor/schema.js";

export const FRAGMENT = COLLAB_BODY_FIELD;
/** The title is co-edited too, as plain text beside the body. */
export const TITLE = COLLAB_TITLE_FIELD;

const isEmpty = (doc: DocNode) => !doc.content || doc.content.length === 0;

/** A new Yjs document holding `content` and `title`. */
export function ydocFromContent(content: DocNode, title = ""): Y.Doc {
  const doc = new Y.Doc();
  fillEmpty(doc, contentNode(content), title);
  return doc;
}

/** The editor's node for stored content, checked against the schema (throws when it does not fit). */
export function contentNode(content: DocNode): ProseMirrorNode {
  // An empty document starts with its one empty paragraph already shared: two people who
  // type into a brand-new document at once then write into the same paragraph.
  const start = isEmpty(content) ? { type: "doc", content: [{ type: "paragraph" }] } : content;
  return documentSchema().nodeFromJSON(start);
}

/** Fills the empty Yjs document `doc` with `node` (from contentNode) and `title`, in one transaction. */
export function fillEmpty(doc: Y.Doc, node: ProseMirrorNode, title: string): void {
  doc.transact(() => {
    prosemirrorToYXmlFragment(node, doc.getXmlFragment(FRAGMENT));
    if (title) doc.getText(TITLE).insert(0, title);
  });
}

/**
 * Runs `change` on `doc` without Yjs encoding it for the document's "update" listeners: for a
 * document nobody receives updates from yet (a live document being loaded, whose listener
 * only forwards to connections it does not have). Encoding a 100k-word document's whole
 * state again there costs ~20–50 ms of the server's CPU on every open.
 */
export function withoutUpdateEvents<T>(doc: Y.Doc, change: () => T): T {
  const observers = doc._observers;
  const listeners = observers.get("update");
  observers.delete("update");
  try {
    return change();
  } finally {
    if (listeners) {
      const added = observers.get("update");
      if (added) for (const listener of listeners) added.add(listener);
      else observers.set("update", listeners);
    }
  }
}

export const titleOf = (doc: Y.Doc): string => doc.getText(TITLE).toString();

/** The JSON tree of a Yjs document, normalized like stored content (node.toJSON()). */
export function contentOf(doc: Y.Doc): DocNode {
  const fragment = doc.getXmlFragment(FRAGMENT);
  if (fragment.length === 0) return EMPTY_DOC;
  return yXmlFragmentToProseMirrorRootNode(fragment, documentSchema()).toJSON() as DocNode;
}

export function docFromState(state: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/**
 * The Yjs update that turns the document stored as `base` into `next`, as the smallest
 * change y-prosemirror finds (unchanged paragraphs keep their identity). Applied to a live
 * document that has moved on from `base`, it merges with those edits instead of replacing them.
 */
export function changeFrom(base: Uint8Array, next: { content?: DocNode; title?: string }): Uint8Array {
  const doc = docFromState(base);
  const before = Y.encodeStateVector(doc);
  setContent(doc, next);
  const update = Y.encodeStateAsUpdate(doc, before);
  doc.destroy();
  return update;
}

/** Changes `doc` so that it holds `next` (body and/or title), as the smallest Yjs change found. */
export function setContent(doc: Y.Doc, next: { content?: DocNode; title?: string }): void {
  doc.transact(() => {
    if (next.content) {
      const target = isEmpty(next.content) ? documentSchema().node("doc", null, []) : documentSchema().nodeFromJSON(next.content);
      updateYFragment(doc, doc.getXmlFragment(FRAGMENT), target, { mapping: new Map(), isOMark: new Map() });
    }
    if (next.title !== undefined && next.title !== titleOf(doc)) {
      const title = doc.getText(TITLE);
      title.delete(0, title.length);
      title.insert(0, next.title);
    }
  });
}

/** Whether `bytes` decode as a Yjs update (tried on a scratch document, never the live one). */
export function isYjsUpdate(bytes: Uint8Array): boolean {
  const scratch = new Y.Doc();
  try {
    Y.applyUpdate(scratch, bytes);
    return true;
  } catch {
    return false;
  } finally {
    scratch.destroy();
  }
}
