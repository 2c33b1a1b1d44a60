// The editor itself: TipTap holding one document's body, the title beside it, the word
// counts and the slash menu's bridge. It knows nothing of saving; the session tells it
// what to do on a change and when the selection clears. The editor never re-renders React
// on a transaction (shouldRerenderOnTransaction: false); only the cheap onChange and a
// deferred recount run per keystroke.
import type { Content } from "@tiptap/core";
import { useEditor } from "@tiptap/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import { DEFAULT_DOCUMENT_TITLE } from "../../../shared/limits";
import type { SavePayload } from "../../lib/autosave/controller";
import { browserExtensions } from "./browser-extensions";
import { createSlashBridge } from "./slash-menu/slash-menu";
import { createStatsStore } from "./stats-store";

export interface DocumentEditorEvents {
  /** The body changed (typing, a command, a paste). */
  onChange: () => void;
  /** The selection collapsed to a caret. */
  onSelectionEmpty: () => void;
}

/** The body's element: a labelled multi-line textbox (aria-label is not allowed on a plain contenteditable div). */
export const DOCUMENT_BODY_ATTRIBUTES = {
  class: "draftsmith-prose document-content",
  role: "textbox",
  "aria-multiline": "true",
  "aria-label": "Document content",
  spellcheck: "true",
};

/** The default title shows as the field's placeholder rather than as text to delete. */
const shownTitle = (t: string) => (t === DEFAULT_DOCUMENT_TITLE ? "" : t);

export function useDocumentEditor(record: DocumentRecord, events: DocumentEditorEvents) {
  const documentId = record.id;
  const [title, setTitleState] = useState(shownTitle(record.title));
  const titleRef = useRef(shownTitle(record.title));
  const statsStore = useMemo(() => createStatsStore(), []);
  const slashBridge = useMemo(() => createSlashBridge(), []);
  const eventsRef = useRef(events);
  eventsRef.current = events;

  const editor = useEditor(
    {
      extensions: browserExtensions(slashBridge.handlers),
      content: record.content as Content,
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      editorProps: { attributes: DOCUMENT_BODY_ATTRIBUTES },
      onUpdate: ({ editor: ed }) => {
        eventsRef.current.onChange();
        statsStore.schedule(ed);
      },
      onSelectionUpdate: ({ editor: ed }) => {
        if (ed.state.selection.empty) eventsRef.current.onSelectionEmpty();
      },
    },
    [documentId],
  );

  useEffect(() => {
    if (editor) statsStore.now(editor);
  }, [editor, statsStore]);
  useEffect(() => () => statsStore.dispose(), [statsStore]);

  /** Title and body as saved: an empty title saves as the default one. */
  const serialize = useCallback((): SavePayload => {
    const content = editor ? JSON.stringify(editor.getJSON()) : JSON.stringify(record.content);
    return { title: titleRef.current.trim() || DEFAULT_DOCUMENT_TITLE, content };
  }, [editor, record.content]);

  /** Sets the title field (typing in it, or text from elsewhere); saving is the caller's. */
  const setTitle = useCallback((next: string) => {
    titleRef.current = next;
    setTitleState(next);
  }, []);

  /**
   * Shows another text in place of the editor's, without an autosave. `undoable: false`
   * (a server version) adds no undo step; a restored draft can be undone.
   */
  const show = useCallback(
    (doc: { title: string; content: unknown }, { undoable }: { undoable: boolean }) => {
      if (!editor) return;
      const chain = undoable ? editor.chain() : editor.chain().setMeta("addToHistory", false);
      chain.setContent(doc.content as Content, { emitUpdate: false }).run();
      setTitle(shownTitle(doc.title));
      statsStore.now(editor);
    },
    [editor, statsStore, setTitle],
  );

  const getDocument = useCallback(
    () => ({ id: documentId, title: titleRef.current.trim() || DEFAULT_DOCUMENT_TITLE, content: editor?.getJSON() ?? record.content }),
    [documentId, editor, record.content],
  );

  return { editor, title, setTitle, serialize, show, getDocument, statsStore, slashBridge };
}
