// The table's editing behaviour in an editor, loaded when it is first needed: when the
// document holds a table (looked for once the editor starts, then at most every few seconds
// after changes, as use-document-holds.ts does), when the writer inserts one, or when Tab is
// pressed in one. Most documents have none, and the editing library (prosemirror-tables and
// TipTap's table extension) is the largest part of the editor a document without tables does
// not use. The commands and keys are declared here at once and run the loaded behaviour
// (table-editing-part.ts): before it has loaded, an inserted table goes in once it has, and
// Tab or Shift+Tab in a table moves to the next cell once it has, so nothing asked for is lost.
import { type AnyExtension, type Editor, Extension, type KeyboardShortcutCommand, type RawCommands } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { RELOOK_MS } from "../use-document-holds";
import type { TableEditingPart } from "./table-editing-part";

/** The table commands TipTap's table extension gives (@tiptap/extension-table). */
const COMMANDS = [
  "insertTable",
  "addColumnBefore",
  "addColumnAfter",
  "deleteColumn",
  "addRowBefore",
  "addRowAfter",
  "deleteRow",
  "deleteTable",
  "mergeCells",
  "splitCell",
  "toggleHeaderColumn",
  "toggleHeaderRow",
  "toggleHeaderCell",
  "mergeOrSplit",
  "setCellAttribute",
  "goToNextCell",
  "goToPreviousCell",
  "fixTables",
  "setCellSelection",
] as const;

/** Its keys; Tab and Shift+Tab also wait for the behaviour in a table. */
const KEYS = ["Tab", "Shift-Tab", "Backspace", "Mod-Backspace", "Delete", "Mod-Delete"] as const;
const WAITING_KEYS: readonly string[] = ["Tab", "Shift-Tab"];

const parts = new WeakMap<Editor, TableEditingPart>();
const loading = new WeakMap<Editor, Promise<TableEditingPart | null>>();

/** Loads the table's editing behaviour into `editor` (once); null if the editor is gone. */
export function loadTableEditing(editor: Editor): Promise<TableEditingPart | null> {
  let pending = loading.get(editor);
  if (!pending) {
    pending = import("./table-editing-part").then(
      (m) => {
        if (editor.isDestroyed) return null;
        const part = m.startTableEditing(editor);
        parts.set(editor, part);
        // What the page shows from the commands (the table menu's Merge, say) is read again.
        editor.view.dispatch(editor.state.tr.setMeta("tableEditing", "loaded").setMeta("addToHistory", false));
        return part;
      },
      (error: unknown) => {
        // A failed download (offline, say) is tried again at the next need.
        loading.delete(editor);
        throw error;
      },
    );
    loading.set(editor, pending);
  }
  return pending;
}

/** Whether `doc` holds a table (text blocks are not looked into: a table is never inside one). */
export function holdsTable(doc: PMNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (node.type.name === "table") found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

/** Runs `then` with the loaded behaviour, now if it is there, else once it has loaded. */
function withPart(editor: Editor, then: (part: TableEditingPart) => void): void {
  const part = parts.get(editor);
  if (part) {
    then(part);
    return;
  }
  loadTableEditing(editor).then(
    (loaded) => {
      if (loaded && !editor.isDestroyed) then(loaded);
    },
    () => {},
  );
}

type AnyCommand = (...args: unknown[]) => (props: unknown) => boolean;

export const TableEditing = Extension.create({
  name: "tableEditing",

  addCommands() {
    const editor = this.editor;
    const commands: Record<string, AnyCommand> = {};
    for (const name of COMMANDS) {
      commands[name] =
        (...args) =>
        (props) => {
          const run = parts.get(editor)?.commands[name] as AnyCommand | undefined;
          if (run) return run(...args)(props);
          if (name !== "insertTable") return false;
          // The first table of a session: it goes in at the caret once the behaviour has loaded.
          if ((props as { dispatch?: unknown }).dispatch) withPart(editor, () => editor.commands.insertTable(...(args as [])));
          return true;
        };
    }
    return commands as unknown as Partial<RawCommands>;
  },

  addKeyboardShortcuts() {
    const editor = this.editor;
    const shortcuts: Record<string, KeyboardShortcutCommand> = {};
    for (const key of KEYS) {
      shortcuts[key] = (props) => {
        const part = parts.get(editor);
        if (part) return part.shortcuts[key]?.(props) ?? false;
        if (!WAITING_KEYS.includes(key) || !editor.isActive("table")) return false;
        withPart(editor, (loaded) => loaded.shortcuts[key]?.({ editor }));
        return true;
      };
    }
    return shortcuts;
  },

  onCreate() {
    const editor = this.editor;
    let timer = 0;
    // The look at the start does not count: a live document's text arrives just after, and
    // is looked at at once.
    let last = Number.NEGATIVE_INFINITY;
    const look = (counts = true) => {
      timer = 0;
      if (counts) last = performance.now();
      if (editor.isDestroyed || parts.has(editor) || loading.has(editor)) return;
      if (holdsTable(editor.state.doc)) void loadTableEditing(editor).catch(() => {});
    };
    const onTransaction = ({ transaction }: { transaction: { docChanged: boolean; selectionSet: boolean } }) => {
      if (loading.has(editor)) return;
      // The caret in a table the look has not seen yet (one just pasted or received).
      if (transaction.selectionSet && editor.isActive("table")) {
        void loadTableEditing(editor).catch(() => {});
        return;
      }
      if (!transaction.docChanged || timer) return;
      timer = window.setTimeout(() => look(), Math.max(0, last + RELOOK_MS - performance.now()));
    };
    look(false);
    editor.on("transaction", onTransaction);
    editor.on("destroy", () => {
      editor.off("transaction", onTransaction);
      window.clearTimeout(timer);
    });
  },
});

/** `extensions` (the schema's) with the table's editing behaviour just after the table node, where TipTap's table extension had its keys. */
export function withTableEditing(extensions: AnyExtension[]): AnyExtension[] {
  return extensions.flatMap((extension) => (extension.name === "table" ? [extension, TableEditing] : [extension]));
}
