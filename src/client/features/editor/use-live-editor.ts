// The editor of a co-edited document: TipTap bound to the live Yjs document (body and
// title), other writers' carets, an undo that takes back only this writer's changes, and
// the save state read from the server's store notices. What the workspace needs from it
// has the same shape as before collaboration: editor, title, save state, stats.
import { useEditor } from "@tiptap/react";
import { useCallback, useEffect, useMemo } from "react";
import { COLLAB_TITLE_FIELD } from "../../../shared/contracts/collab-wire";
import type { LiveDocumentRecord } from "../../../shared/contracts/documents";
import { DEFAULT_DOCUMENT_TITLE } from "../../../shared/limits";
import type { LiveUser } from "../../lib/collab/live-document";
import { markOpen } from "../../lib/collab/open-marks";
import { collabExtensions, useLiveDocument } from "../../lib/collab/use-live-document";
import { ArrivingText } from "./arriving-text";
import { browserExtensions } from "./browser-extensions";
import { createSlashBridge } from "./slash-menu/slash-bridge";
import { createStatsStore } from "./stats-store";

const EMPTY_DOC = { type: "doc", content: [] };

export interface LiveEditorOptions {
  /** Without its content: the text comes from the live session. */
  record: LiveDocumentRecord;
  /** The access token, or "share:<token>" for a visitor on a link; asked again on every reconnect. */
  token: () => Promise<string>;
  user: LiveUser;
  /** Keep a copy on this device (IndexedDB); off for read-only visitors. */
  persist?: boolean;
  /** Headers that authorize the keepalive request when the page closes. */
  keepaliveHeaders: () => Record<string, string> | null;
  editable?: boolean;
}

export function useLiveEditor({ record, token, user, keepaliveHeaders, persist = true, editable = true }: LiveEditorOptions) {
  const documentId = record.id;
  const { live, state, title, setTitle, ready } = useLiveDocument({ documentId, token, user, persist, keepaliveHeaders, takeStarted: true });
  const statsStore = useMemo(() => createStatsStore(), []);
  const slashBridge = useMemo(() => createSlashBridge(), []);

  const editor = useEditor(
    {
      extensions: [
        ...browserExtensions(slashBridge.handlers, { images: { documentId } }),
        ...collabExtensions(live, user),
        ArrivingText.configure({ synced: () => live.getState().synced }),
      ],
      editable,
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          class: "draftsmith-prose document-content",
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": "Document content",
          spellcheck: "true",
        },
      },
      onCreate: () => markOpen("editor"),
      onUpdate: ({ editor: ed }) => statsStore.schedule(ed),
    },
    [live],
  );

  useEffect(() => {
    editor?.setEditable(editable && !state.readOnly && !state.accessEnded);
  }, [editor, editable, state.readOnly, state.accessEnded]);

  useEffect(() => () => statsStore.dispose(), [statsStore]);
  // Counted once the text is shown (a new, empty document too), after the frame that shows it.
  useEffect(() => {
    if (editor && ready) statsStore.start(editor);
  }, [editor, ready, statsStore]);

  // Before the editor exists the writer sees no text yet.
  const getDocument = useCallback(
    () => ({ id: documentId, title: live.ydoc.getText(COLLAB_TITLE_FIELD).toString().trim() || DEFAULT_DOCUMENT_TITLE, content: editor?.getJSON() ?? EMPTY_DOC }),
    [documentId, editor, live],
  );

  return {
    editor,
    live,
    title,
    setTitle,
    liveState: state,
    ready,
    /** The text can be changed here now (not read-only, access not ended). */
    editable: editable && !state.readOnly && !state.accessEnded,
    state: {
      status: state.status,
      unsaved: state.status !== "saved",
      version: state.version ?? record.version,
      updatedAt: state.updatedAt ?? record.updated_at,
      conflict: null,
    },
    statsStore,
    slashBridge,
    connection: state.connected ? ("live" as const) : ("offline" as const),
    getDocument,
  };
}
