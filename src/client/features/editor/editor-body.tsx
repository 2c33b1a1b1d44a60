// The document body: TipTap content, slash menu and selection toolbar. Memoized with
// stable props so page state changes (toggles, save status, title) never re-render it.
import type { Editor } from "@tiptap/core";
import { EditorContent } from "@tiptap/react";
import { type CSSProperties, memo } from "react";
import { SlashMenu, type SlashBridge } from "./slash-menu/slash-menu";
import { SelectionToolbar } from "./toolbar/selection-toolbar";
import type { EditorAiCommand } from "./types";
import "../../components/ui/document-content.css";
import "./editor.css";

export const EditorBody = memo(function EditorBody({
  editor,
  bridge,
  onAiCommand,
  onAddLink,
  fontSize,
  fontFamily,
}: {
  editor: Editor | null;
  bridge: SlashBridge;
  onAiCommand: (name: EditorAiCommand) => void;
  onAddLink: () => void;
  fontSize: string;
  fontFamily: string;
}) {
  if (!editor) {
    return (
      <p className="py-8 text-sm text-muted-foreground" role="status">
        Loading editor...
      </p>
    );
  }
  const style: CSSProperties = { fontSize, fontFamily };
  return (
    <div style={style} data-testid="editor-body">
      <EditorContent editor={editor} />
      <SelectionToolbar editor={editor} onAddLink={onAddLink} onImprove={() => onAiCommand("improve")} />
      <SlashMenu editor={editor} bridge={bridge} onAiCommand={onAiCommand} />
    </div>
  );
});
