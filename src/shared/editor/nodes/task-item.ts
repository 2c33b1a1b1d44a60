// One checkbox item of a to-do list (task-list.ts); `checked` is a boolean attribute. Items
// may hold further blocks and nest (Tab / Shift+Tab). The checkbox is clicked with the mouse
// or toggled from the keyboard with Ctrl/Cmd+Enter while the cursor is in the item; in a
// read-only view it cannot be changed.
import { TaskItem as BaseTaskItem } from "@tiptap/extension-task-item";

export const TaskItem = BaseTaskItem.extend({
  addKeyboardShortcuts() {
    return {
      ...this.parent?.(),
      "Mod-Enter": () => {
        const { state } = this.editor;
        const { $from } = state.selection;
        for (let depth = $from.depth; depth > 0; depth--) {
          const node = $from.node(depth);
          if (node.type.name !== this.name) continue;
          const pos = $from.before(depth);
          return this.editor.commands.command(({ tr }) => {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, checked: !node.attrs.checked });
            return true;
          });
        }
        return false;
      },
    };
  },
  // The editor's checkbox view writes only these options' attributes on its <li>: the
  // data-type makes it the same markup as the shared view and the HTML export (for the CSS).
}).configure({ nested: true, HTMLAttributes: { "data-type": "taskItem" } });
