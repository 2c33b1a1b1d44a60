// Keeps the footnotes in shape after an editor's change: one list (footnotes.ts) last in the
// document, one note per reference in the references' order, a note whose reference was
// deleted gone with it, a copied reference given a note of its own. Changes are as small as
// they can be (a note added or removed where it belongs), so a co-editor typing in another
// note keeps their text; only a change of order rebuilds the list.
import type { Fragment, Node as PMNode, Schema } from "@tiptap/pm/model";
import { TextSelection, type Transaction } from "@tiptap/pm/state";

import { FOOTNOTE_ID as ID } from "./footnote-id.js";

/** A new note id: random, so two editors adding notes at once never pick the same one. */
export function newFootnoteId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

const types = (schema: Schema) => {
  const { footnoteReference: ref, footnotes: list, footnote: note, paragraph } = schema.nodes;
  return ref && list && note && paragraph ? { ref, list, note, paragraph } : null;
};

/** Whether transaction `tr` added, removed or moved a reference, a note or the notes list. */
export function touchesFootnotes(tr: Transaction, schema: Schema): boolean {
  const t = types(schema);
  if (!t) return false;
  const ours = (node: PMNode) => node.type === t.ref || node.type === t.note || node.type === t.list;
  return tr.steps.some((step, i) => {
    const s = step as unknown as { from?: number; to?: number; pos?: number; slice?: { content: { descendants(f: (n: PMNode) => boolean | undefined): void } } };
    let found = false;
    s.slice?.content.descendants((node) => {
      if (ours(node)) found = true;
      return !found;
    });
    if (found) return true;
    const doc = tr.docs[i]!;
    if (typeof s.pos === "number") return s.pos < doc.content.size && !!doc.nodeAt(s.pos) && ours(doc.nodeAt(s.pos)!);
    if (typeof s.from !== "number" || typeof s.to !== "number" || s.from >= s.to) return false;
    const from = s.from;
    doc.nodesBetween(from, s.to, (node, pos) => {
      if (pos >= from && ours(node)) found = true;
      return !found;
    });
    return found;
  });
}

/**
 * Puts the footnotes of `tr.doc` in shape, adding the steps to `tr`. `carried`: the text of
 * notes by id from elsewhere (the clipboard of a paste, footnote-clipboard.ts), for a
 * reference whose note is not in the document (cut from it, or copied from another one).
 */
export function orderFootnotes(schema: Schema, tr: Transaction, carried?: ReadonlyMap<string, Fragment>): void {
  const t = types(schema);
  if (!t) return;
  const refs: { pos: number; id: unknown }[] = [];
  const notes = new Map<string, PMNode>();
  const lists: { pos: number; node: PMNode }[] = [];
  tr.doc.descendants((node, pos) => {
    if (node.type === t.list) {
      lists.push({ pos, node });
      node.forEach((n) => {
        if (typeof n.attrs.id === "string" && !notes.has(n.attrs.id)) notes.set(n.attrs.id, n);
      });
      return false;
    }
    if (node.type === t.ref) refs.push({ pos, id: node.attrs.id });
    return !node.isLeaf;
  });
  // A reference without a usable id, or with one an earlier reference has (a copy), gets a new one.
  const seen = new Set<string>();
  const copyOf = new Map<string, string>();
  const desired: string[] = [];
  for (const ref of refs) {
    let id = ref.id;
    if (typeof id !== "string" || !ID.test(id) || seen.has(id)) {
      const fresh = newFootnoteId();
      if (typeof id === "string" && notes.has(id)) copyOf.set(fresh, id);
      tr.setNodeAttribute(ref.pos, "id", fresh);
      id = fresh;
    }
    seen.add(id as string);
    desired.push(id as string);
  }
  const noteFor = (id: string) => {
    // A copy takes the text that was copied (the clipboard's) over the note's text now.
    const original = copyOf.get(id) ?? "";
    const content = notes.get(id)?.content ?? carried?.get(id) ?? carried?.get(original) ?? notes.get(original)?.content;
    return t.note.create({ id }, content ?? t.paragraph.create());
  };
  const dropLists = () => {
    for (const l of [...lists].reverse()) tr.delete(l.pos, l.pos + l.node.nodeSize);
  };
  if (!desired.length) {
    dropLists();
    return;
  }
  const only = lists.length === 1 ? lists[0]! : null;
  if (only && only.pos + only.node.nodeSize === tr.doc.content.size) {
    // The usual case: notes added or removed in the one list at the end.
    const want = new Set(desired);
    const kept = new Set<string>();
    const remove: { from: number; to: number }[] = [];
    only.node.forEach((n, offset) => {
      const id = n.attrs.id;
      const from = only.pos + 1 + offset;
      if (typeof id === "string" && want.has(id) && !kept.has(id)) kept.add(id);
      else remove.push({ from, to: from + n.nodeSize });
    });
    const keptOrder: string[] = [];
    only.node.forEach((n) => {
      if (kept.has(n.attrs.id) && !keptOrder.includes(n.attrs.id)) keptOrder.push(n.attrs.id);
    });
    const inOrder = desired.filter((id) => kept.has(id));
    if (kept.size > 0 && keptOrder.every((id, i) => id === inOrder[i])) {
      for (const r of remove.reverse()) tr.delete(r.from, r.to);
      let offset = only.pos + 1;
      let index = 0;
      for (const id of desired) {
        const current = tr.doc.nodeAt(only.pos)!.maybeChild(index);
        if (current?.attrs.id === id) offset += current.nodeSize;
        else {
          const note = noteFor(id);
          tr.insert(offset, note);
          offset += note.nodeSize;
        }
        index++;
      }
      return;
    }
  }
  // The order changed, or the list is elsewhere or split: write it again at the end.
  dropLists();
  tr.insert(tr.doc.content.size, t.list.create(null, desired.map(noteFor)));
}

/** Inserts a reference after the selection and its note, and puts the cursor in the note. False where no footnote may go. */
export function insertFootnote(schema: Schema, tr: Transaction): boolean {
  const t = types(schema);
  if (!t) return false;
  const $to = tr.selection.$to;
  for (let d = $to.depth; d > 0; d--) if ($to.node(d).type === t.note || $to.node(d).type === t.list) return false;
  if (!$to.parent.inlineContent || !$to.parent.canReplaceWith($to.index(), $to.index(), t.ref)) return false;
  const id = newFootnoteId();
  tr.insert($to.pos, t.ref.create({ id }));
  orderFootnotes(schema, tr);
  let target = -1;
  tr.doc.descendants((node, pos) => {
    if (target >= 0) return false;
    if (node.type === t.note && node.attrs.id === id) {
      target = pos + 2 + node.firstChild!.content.size;
      return false;
    }
    return true;
  });
  if (target >= 0) tr.setSelection(TextSelection.create(tr.doc, target));
  return true;
}
