// The editor of a co-edited document: TipTap bound to the live Yjs document (body and
// title), other writers' carets, an undo that takes back only this writer's changes, and
// the save state read from the server's store notices. What the workspace needs from it
// has the same shape as before collaboration: editor, title, save state, stats.
import Collaboration from "@tiptap/extension-collaboration";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { useEditor } from "@tiptap/react";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { COLLAB_BODY_FIELD, COLLAB_TITLE_FIELD } from "../../../../shared/contracts/collab";
import type { DocumentRecord } from "../../../../shared/contracts/documents";
import { DEFAULT_DOCUMENT_TITLE } from "../../../../shared/limits";
import { onBeforeSignOut } from "../../../lib/auth-provider";
import { browserExtensions } from "../browser-extensions";
import { createSlashBridge } from "../slash-menu/slash-menu";
import { createStatsStore } from "../stats-store";
import { LiveDocument, type LiveUser } from "./live-document";
import { replaceText } from "./title-text";

export interface LiveEditorOptions {
  record: DocumentRecord;
  /** The access token, or "share:<token>" for a visitor on a link; asked again on every reconnect. */
  token: () => Promise<string>;
  user: LiveUser;
  /** Keep a copy on this device (IndexedDB); off for read-only visitors. */
  persist?: boolean;
  /** Headers that authorize the keepalive request when the page closes. */
  keepaliveHeaders: () => Record<string, string> | null;
  editable?: boolean;
}

/** How long leaving the editor waits for changes still on their way to the server. */
const LEAVE_WAIT_MS = 3000;

function waitUntilSent(live: LiveDocument): Promise<void> {
  if (!live.provider.hasUnsyncedChanges) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, LEAVE_WAIT_MS);
    const off = live.subscribe(() => {
      if (!live.provider.hasUnsyncedChanges) done();
    });
    live.provider.on("unsyncedChanges", () => {
      if (!live.provider.hasUnsyncedChanges) done();
    });
    function done() {
      clearTimeout(timer);
      off();
      resolve();
    }
  });
}

export function useLiveEditor({ record, token, user, keepaliveHeaders, persist = true, editable = true }: LiveEditorOptions) {
  const documentId = record.id;
  const live = useMemo(
    () => new LiveDocument({ documentId, token, user, persist, keepaliveHeaders }),
    // One live session per document; the token getter and user are read when (re)connecting.
    [documentId],
  );
  const statsStore = useMemo(() => createStatsStore(), []);
  const slashBridge = useMemo(() => createSlashBridge(), []);
  const titleText = live.ydoc.getText(COLLAB_TITLE_FIELD);
  const [title, setTitleState] = useState(() => titleText.toString());

  useEffect(() => {
    const update = () => setTitleState(titleText.toString());
    titleText.observe(update);
    update();
    return () => titleText.unobserve(update);
  }, [titleText]);

  const editor = useEditor(
    {
      extensions: [
        ...browserExtensions(slashBridge.handlers, { undoRedo: false }),
        Collaboration.configure({ document: live.ydoc, field: COLLAB_BODY_FIELD }),
        CollaborationCaret.configure({ provider: live.provider, user }),
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
      onCreate: ({ editor: ed }) => statsStore.now(ed),
      onUpdate: ({ editor: ed }) => statsStore.schedule(ed),
    },
    [live],
  );

  const state = useSyncExternalStore(live.subscribe, live.getState, live.getState);

  useEffect(() => {
    editor?.setEditable(editable && !state.readOnly && !state.accessEnded);
  }, [editor, editable, state.readOnly, state.accessEnded]);

  // Leaving: what the server has not stored goes out in a keepalive request; without a
  // connection the browser also warns (the copy on this device keeps it either way). A
  // sign-out first lets changes go out while the session still works.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!live.hasUnstoredChanges()) return;
      live.flushForUnload();
      if (live.getState().connected) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const onPageHide = () => live.flushForUnload();
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", onPageHide);
    const stopWaitingAtSignOut = onBeforeSignOut(() => waitUntilSent(live));
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", onPageHide);
      stopWaitingAtSignOut();
    };
  }, [live]);

  // Closing the editor inside the app: let what is on its way arrive, then disconnect.
  useEffect(() => () => void waitUntilSent(live).then(() => live.destroy()), [live]);
  useEffect(() => () => statsStore.dispose(), [statsStore]);

  const setTitle = useCallback((next: string) => replaceText(titleText, next), [titleText]);

  const getDocument = useCallback(
    () => ({ id: documentId, title: titleText.toString().trim() || DEFAULT_DOCUMENT_TITLE, content: editor?.getJSON() ?? record.content }),
    [documentId, editor, record.content, titleText],
  );

  return {
    editor,
    live,
    title,
    setTitle,
    liveState: state,
    /** The text to show is here: from the server, or from the copy on this device. */
    ready: state.synced || (state.localLoaded && live.ydoc.getXmlFragment(COLLAB_BODY_FIELD).length > 0),
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

export type LiveEditorSession = ReturnType<typeof useLiveEditor>;
