// A keystroke's way into the live document, without walking every top-level block twice.
//
// After each local change the Yjs binding (@tiptap/y-tiptap's ProsemirrorBinding) compares
// the new ProseMirror document with the Yjs one. Before its usual left/right diff it looks
// for moved blocks: it indexes every top-level node in a Map and every Yjs child against it
// (findMappedChildAnchors), which at 1,000 blocks is the largest part of a keystroke's
// script. A keystroke changes one block: every other top-level node is the very node the
// binding last wrote, so one pass over the children finds the changed one, and the binding
// updates that child as its diff would have. Anything else (blocks added, removed, moved,
// or a block that changed its type) goes the library's own way.
import type { Node as PMNode } from "@tiptap/pm/model";
import { ProsemirrorBinding, getRelativeSelection, updateYFragment, ySyncPluginKey } from "@tiptap/y-tiptap";
import * as Y from "yjs";

type Mapping = ProsemirrorBinding["mapping"];

/** What a change did to the top level: nothing, one block's content, or something else. */
export type TopLevelChange = { kind: "none" } | { kind: "one"; y: Y.XmlElement; p: PMNode } | { kind: "other" };

/**
 * Compares the Yjs fragment's children with `doc`'s in one pass: a child counts as unchanged
 * when the binding's mapping holds this very ProseMirror node for it.
 */
export function topLevelChange(type: Y.XmlFragment, doc: PMNode, mapping: Mapping): TopLevelChange {
  const count = doc.childCount;
  let index = 0;
  let changed: { y: Y.XmlElement; p: PMNode } | null = null;
  for (let item = type._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    if (index >= count) return { kind: "other" };
    const y = (item.content as Y.ContentType).type;
    const p = doc.child(index);
    if (mapping.get(y) !== p) {
      if (changed || !(y instanceof Y.XmlElement) || y.nodeName !== p.type.name) return { kind: "other" };
      changed = { y, p };
    }
    index++;
  }
  if (index !== count) return { kind: "other" };
  return changed ? { kind: "one", ...changed } : { kind: "none" };
}

type Meta = Parameters<typeof updateYFragment>[3];

/** Writes `doc` into `type` as the library's updateYFragment does, the one-block case directly. */
export function writeLocalChange(ydoc: Y.Doc, type: Y.XmlFragment, doc: PMNode, meta: Meta): void {
  const change = topLevelChange(type, doc, meta.mapping);
  if (change.kind === "other") {
    updateYFragment(ydoc, type, doc, meta);
    return;
  }
  meta.mapping.set(type, doc);
  if (change.kind === "one") updateYFragment(ydoc, change.y, change.p, meta);
}

/** The binding's write of a local change (replaces ProsemirrorBinding#_prosemirrorChanged). */
function prosemirrorChanged(this: ProsemirrorBinding, doc: PMNode): void {
  this.doc.transact(() => {
    writeLocalChange(this.doc, this.type, doc, this);
    this.beforeTransactionSelection = getRelativeSelection(this, this.prosemirrorView.state);
  }, ySyncPluginKey);
}

let installed = false;

/** Puts the one-block path in every binding (once per page). */
export function installBindingFastPath(): void {
  if (installed) return;
  installed = true;
  ProsemirrorBinding.prototype._prosemirrorChanged = prosemirrorChanged;
}
