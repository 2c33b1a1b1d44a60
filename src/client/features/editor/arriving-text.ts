// Text that arrives from the live document (the server's state on opening, other writers'
// changes, the copy on this device) is taken as it is: it was written (and its links made)
// where it was typed. Two costs of a huge document's opening go with that:
// - autolink does not look at text that arrives: on opening it tokenized the first block's
//   last word, which set up the link recogniser (tens of ms) before the text was painted
//   (and linked that word in the stored document if it looked like an address). Undo and
//   redo, which arrive the same way, still autolink as before.
// - the first text put into the still empty editor: the caret goes to its start directly,
//   instead of being searched for across every block (the empty paragraph it sat in has
//   no counterpart in the arriving text).
import { Extension } from "@tiptap/core";
import { Selection } from "@tiptap/pm/state";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import type * as Y from "yjs";

interface SyncMeta {
  isChangeOrigin?: boolean;
  isUndoRedoOperation?: boolean;
}

/** The selection y-tiptap keeps across a change from the live document (its binding's field). */
interface SyncBinding {
  doc: Y.Doc;
  beforeTransactionSelection: unknown;
}

export interface ArrivingTextOptions {
  /** The first exchange with the server has finished (from then on, only changes arrive). */
  synced: () => boolean;
}

interface ArrivingTextStorage {
  /** The next change from the live document fills the empty editor (see onCreate). */
  firstFill: boolean;
  stop: (() => void) | null;
}

export const ArrivingText = Extension.create<ArrivingTextOptions, ArrivingTextStorage>({
  name: "arrivingText",

  addOptions() {
    return { synced: () => true };
  },

  addStorage() {
    return { firstFill: false, stop: null };
  },

  onCreate() {
    const binding = (ySyncPluginKey.getState(this.editor.state) as { binding?: SyncBinding } | undefined)?.binding;
    if (!binding) return;
    const editor = this.editor;
    const storage = this.storage;
    const stop = () => {
      binding.doc.off("beforeObserverCalls", beforeObservers);
      binding.doc.off("afterTransaction", afterTransaction);
      storage.stop = null;
    };
    const beforeObservers = (tr: Y.Transaction) => {
      if (this.options.synced()) return stop();
      // This editor's own changes (the binding's origin) are not put back into it.
      if (tr.origin === ySyncPluginKey) return;
      const doc = editor.state.doc;
      if (doc.childCount !== 1 || doc.firstChild?.content.size !== 0) return;
      // Nothing to keep: the caret was in the empty editor's placeholder paragraph.
      binding.beforeTransactionSelection = null;
      storage.firstFill = true;
    };
    // A change that did not reach the body (the title's) leaves no fill pending.
    const afterTransaction = () => {
      storage.firstFill = false;
    };
    binding.doc.on("beforeObserverCalls", beforeObservers);
    binding.doc.on("afterTransaction", afterTransaction);
    storage.stop = stop;
  },

  onDestroy() {
    this.storage.stop?.();
    this.storage.stop = null;
  },

  dispatchTransaction({ transaction, next }) {
    const meta = transaction.getMeta(ySyncPluginKey) as SyncMeta | undefined;
    if (meta?.isChangeOrigin && !meta.isUndoRedoOperation) {
      transaction.setMeta("preventAutolink", true);
      if (this.storage.firstFill && transaction.docChanged) {
        this.storage.firstFill = false;
        transaction.setSelection(Selection.atStart(transaction.doc));
      }
    }
    next(transaction);
  },
});
