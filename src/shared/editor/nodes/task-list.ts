// A to-do list: a list of task items (task-item.ts), each with a checkbox.
// Ctrl/Cmd+Shift+9 turns the current block into one (TipTap's default).
import { TaskList as BaseTaskList } from "@tiptap/extension-task-list";

export const TaskList = BaseTaskList;
