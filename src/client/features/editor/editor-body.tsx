// The document body: TipTap content, slash menu and selection toolbar. Memoized with
// stable props so page state changes (toggles, save status, title) never re-render it.
import type { Editor } from "@tiptap/core";
import { EditorContent } from "@tiptap/react";
import { type CSSProperties, memo, Suspense, useEffect, useState } from "react";
import type { SlashBridge } from "./slash-menu/slash-bridge";
import type { EditorAiCommand } from "./types";
import "../../components/ui/document-content.css";
import "../../components/ui/document-dark-text.css";
import { lazyPart } from "../../lib/lazy-part";

// The selection toolbar (TipTap's bubble menu with floating-ui and the table-selection code
// it pulls in) loads when the writer first selects some text: it shows only for a selection,
// and it shows that first one as soon as it mounts.
const SelectionToolbar = lazyPart(() => import("./toolbar/selection-toolbar").then((m) => ({ default: m.SelectionToolbar })));
// The slash menu's list and commands load at the text's first focus, or at the first "/" if
// that comes first (useSlashWanted); keys pressed in it meanwhile wait (slash-bridge.ts).
const SlashMenu = lazyPart(() => import("./slash-menu/slash-menu").then((m) => ({ default: m.SlashMenu })));
// The table menu loads the first time the cursor is in a table.
const TableMenu = lazyPart(() => import("./table/table-menu").then((m) => ({ default: m.TableMenu })));

/** True from the first time the editor's cursor is in a table on. */
function useCursorInTable(editor: Editor | null): boolean {
  const [inTable, setInTable] = useState(false);
  useEffect(() => {
    if (!editor || inTable) return;
    const check = () => {
      if (editor.isActive("table")) setInTable(true);
    };
    check();
    editor.on("selectionUpdate", check);
    editor.on("transaction", check);
    return () => {
      editor.off("selectionUpdate", check);
      editor.off("transaction", check);
    };
  }, [editor, inTable]);
  return inTable;
}

/** True from the editor's first focus, or its first open slash menu, on. */
function useSlashWanted(editor: Editor | null, bridge: SlashBridge): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!editor || wanted) return;
    const want = () => setWanted(true);
    if (editor.isFocused || bridge.state.active) want();
    editor.on("focus", want);
    // The menu takes this slot over once loaded.
    bridge.listener = () => {
      if (bridge.state.active) want();
    };
    return () => {
      editor.off("focus", want);
      if (!wanted) bridge.listener = null;
    };
  }, [editor, bridge, wanted]);
  return wanted;
}

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
  aiTools = true,
  onAddLink,
  onComment,
  commentOnly = false,
  fontSize,
  fontFamily,
  hidden = false,
}: {
  /** Comment on the selection (the bubble's Comment button); absent for those who may not comment. */
  onComment?: () => void;
  /** A commenter: the bubble offers only Comment. */
  commentOnly?: boolean;
  /** Kept out of sight (and out of reach) until the document's text has arrived. */
  hidden?: boolean;
  editor: Editor | null;
  bridge: SlashBridge;
  onAiCommand: (name: EditorAiCommand) => void;
  /** False for readers who change no text: no AI tools in the selection toolbar. */
  aiTools?: boolean;
  onAddLink: () => void;
  fontSize: string;
  fontFamily: string;
}) {
  const textSelected = useTextSelected(editor);
  const inTable = useCursorInTable(editor);
  const slashWanted = useSlashWanted(editor, bridge);
  if (!editor) {
    return (
      <p className="py-8 text-sm text-muted-foreground" role="status">
        Loading editor...
      </p>
    );
  }
  const style: CSSProperties = { fontSize, fontFamily };
  return (
    <div style={style} data-testid="editor-body" hidden={hidden} className="relative">
      <EditorContent editor={editor} />
      {inTable && (
        <Suspense fallback={null}>
          <TableMenu editor={editor} />
        </Suspense>
      )}
      {textSelected && (
        <Suspense fallback={null}>
          <SelectionToolbar editor={editor} onAddLink={onAddLink} onImprove={aiTools ? () => onAiCommand("improve") : undefined} onComment={onComment} commentOnly={commentOnly} />
        </Suspense>
      )}
      {slashWanted && (
        <Suspense fallback={null}>
          <SlashMenu editor={editor} bridge={bridge} onAiCommand={onAiCommand} />
        </Suspense>
      )}
    </div>
  );
});
