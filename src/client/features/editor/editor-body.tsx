// The document body: TipTap content, slash menu and selection toolbar. Memoized with
// stable props so page state changes (toggles, save status, title) never re-render it.
import type { Editor } from "@tiptap/core";
import { EditorContent } from "@tiptap/react";
import { type CSSProperties, lazy, memo, Suspense, useEffect, useState } from "react";
import { SlashMenu, type SlashBridge } from "./slash-menu/slash-menu";
import type { EditorAiCommand } from "./types";
import "../../components/ui/document-content.css";
import "../../components/ui/document-dark-text.css";
import "./editor.css";

// The selection toolbar (TipTap's bubble menu with floating-ui and the table-selection code
// it pulls in) loads when the writer first selects some text: it shows only for a selection,
// and it shows that first one as soon as it mounts.
const SelectionToolbar = lazy(() => import("./toolbar/selection-toolbar").then((m) => ({ default: m.SelectionToolbar })));

/** True from the first time the editor's selection covers some text on. */
function useTextSelected(editor: Editor | null): boolean {
  const [selected, setSelected] = useState(false);
  useEffect(() => {
    if (!editor || selected) return;
    const check = () => {
      if (!editor.state.selection.empty) setSelected(true);
    };
    check();
    editor.on("selectionUpdate", check);
    return () => {
      editor.off("selectionUpdate", check);
    };
  }, [editor, selected]);
  return selected;
}

export const EditorBody = memo(function EditorBody({
  editor,
  bridge,
  onAiCommand,
  onAddLink,
  fontSize,
  fontFamily,
  hidden = false,
}: {
  /** Kept out of sight (and out of reach) until the document's text has arrived. */
  hidden?: boolean;
  editor: Editor | null;
  bridge: SlashBridge;
  onAiCommand: (name: EditorAiCommand) => void;
  onAddLink: () => void;
  fontSize: string;
  fontFamily: string;
}) {
  const textSelected = useTextSelected(editor);
  if (!editor) {
    return (
      <p className="py-8 text-sm text-muted-foreground" role="status">
        Loading editor...
      </p>
    );
  }
  const style: CSSProperties = { fontSize, fontFamily };
  return (
    <div style={style} data-testid="editor-body" hidden={hidden}>
      <EditorContent editor={editor} />
      {textSelected && (
        <Suspense fallback={null}>
          <SelectionToolbar editor={editor} onAddLink={onAddLink} onImprove={() => onAiCommand("improve")} />
        </Suspense>
      )}
      <SlashMenu editor={editor} bridge={bridge} onAiCommand={onAiCommand} />
    </div>
  );
});
