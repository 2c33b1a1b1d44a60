// What each slash command does to the editor. AI commands are handed to the page (the
// editor feature does not know the AI feature); the "/filter" text is removed first.
import type { Editor } from "@tiptap/core";
import type { EditorAiCommand } from "../types";
import type { SlashCommandId } from "./commands";

const AI: Partial<Record<SlashCommandId, EditorAiCommand>> = {
  aiComplete: "complete",
  aiRewrite: "rewrite",
  aiSummarize: "summarize",
  aiAssistant: "assistant",
};

export function runSlashCommand(
  editor: Editor,
  id: SlashCommandId,
  range: { from: number; to: number },
  onAiCommand: (name: EditorAiCommand) => void,
): void {
  const chain = editor.chain().focus().deleteRange(range);
  const ai = AI[id];
  if (ai) {
    chain.run();
    onAiCommand(ai);
    return;
  }
  switch (id) {
    case "text":
      chain.setParagraph().run();
      break;
    case "heading1":
    case "heading2":
    case "heading3":
    case "heading4":
    case "heading5":
    case "heading6":
      chain.setHeading({ level: Number(id.slice(-1)) as 1 | 2 | 3 | 4 | 5 | 6 }).run();
      break;
    case "bulletList":
      chain.toggleBulletList().run();
      break;
    case "orderedList":
      chain.toggleOrderedList().run();
      break;
    case "taskList":
      chain.toggleTaskList().run();
      break;
    case "quote":
      chain.toggleBlockquote().run();
      break;
    case "codeBlock":
      chain.setCodeBlock().run();
      break;
    case "divider":
      chain.setHorizontalRule().run();
      break;
    case "table":
      chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
      break;
    case "footnote":
      chain.insertFootnote().run();
      break;
    case "image":
      chain.run();
      editor.commands.pickImage();
      break;
    default:
      chain.run();
  }
}
