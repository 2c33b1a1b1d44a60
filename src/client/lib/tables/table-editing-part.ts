// The table's editing behaviour, loaded on first need (table-editing.ts): TipTap's table
// extension (commands, Tab / Shift+Tab and the keys that delete a table whose cells are all
// selected, cell selection, column resizing where the editor is editable) with the schema's
// options, and a cell selection kept through co-editors' changes. The node itself is the
// schema's (src/shared/editor/nodes/table.ts), which declares it without this library.
import { type Editor, getExtensionField, type KeyboardShortcutCommand, type RawCommands } from "@tiptap/core";
import { Table as TableBehaviour } from "@tiptap/extension-table/table";
import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { TABLE_OPTIONS } from "../../../shared/editor/nodes/table";
import { keepCellSelection } from "../../../shared/editor/nodes/table-selection";

const behaviour = TableBehaviour.configure(TABLE_OPTIONS);

export interface TableEditingPart {
  commands: Partial<RawCommands>;
  shortcuts: Record<string, KeyboardShortcutCommand>;
}

/** Adds the table's plugins to `editor` and gives its commands and keys. */
export function startTableEditing(editor: Editor): TableEditingPart {
  const context = {
    name: behaviour.name,
    options: behaviour.options,
    storage: {},
    editor,
    type: editor.schema.nodes.table,
    parent: null,
  };
  const field = <T>(name: "addProseMirrorPlugins" | "addCommands" | "addKeyboardShortcuts") => (getExtensionField(behaviour, name, context) as (() => T) | undefined)?.();
  const plugins = [...(field<Plugin[]>("addProseMirrorPlugins") ?? []), keepCellSelection()];
  // Where the editor is not editable, TipTap draws the table with its view (a scrolling
  // wrapper and the column widths); where it is, column resizing draws it.
  if (!(behaviour.options.resizable && editor.isEditable)) {
    const View = behaviour.options.View;
    if (View) {
      const cellMinWidth = behaviour.options.cellMinWidth;
      const views = { table: (node: PMNode, view: EditorView) => new View(node, cellMinWidth, view, {}) };
      plugins.push(new Plugin({ key: new PluginKey("tableView"), props: { nodeViews: views } }));
    }
  }
  editor.registerPlugin(plugins[0]!, (_first, current) => [...current, ...plugins]);
  return { commands: field<Partial<RawCommands>>("addCommands") ?? {}, shortcuts: field<Record<string, KeyboardShortcutCommand>>("addKeyboardShortcuts") ?? {} };
}
