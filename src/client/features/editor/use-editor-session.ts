// One open document: the TipTap editor, its autosave, the copy kept on the device,
// incoming realtime updates and the flush when the page unloads or the editor closes.
// The editor never re-renders React on a transaction (shouldRerenderOnTransaction:
// false); only the cheap change() and a deferred recount run per keystroke.
import type { Content } from "@tiptap/core";
import { useEditor } from "@tiptap/react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import { DEFAULT_DOCUMENT_TITLE } from "../../../shared/limits";
import { onBeforeSignOut } from "../../lib/auth-provider";
import { subscribeToDocument } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { AutosaveController, type AutosaveState, type Draft, payloadKey, type SavePayload } from "./autosave/controller";
import { clearDraft, clearDraftIfSaved, loadDraft, storeDraft } from "./autosave/draft-store";
import { patchDocument, patchWithKeepalive, remoteOf } from "./autosave/save-request";
import { browserExtensions } from "./browser-extensions";
import { createSlashBridge } from "./slash-menu/slash-menu";
import { createStatsStore } from "./stats-store";

export type ConnectionStatus = "live" | "offline";

export interface EditorSessionOptions {
  record: DocumentRecord;
  autoSave: boolean;
  /** Read at unload time for the keepalive request (no await possible there). */
  accessTokenRef: { current: string | null };
}

const INITIAL_STATE: AutosaveState = { status: "saved", version: 0, updatedAt: null, conflict: null, unsaved: false };
const noopSubscribe = () => () => {};
const shownTitle = (t: string) => (t === DEFAULT_DOCUMENT_TITLE ? "" : t);

export function useEditorSession({ record, autoSave, accessTokenRef }: EditorSessionOptions) {
  const documentId = record.id;
  // The default title shows as the field's placeholder rather than as text to delete.
  const [title, setTitleState] = useState(shownTitle(record.title));
  const titleRef = useRef(shownTitle(record.title));
  const [controller, setController] = useState<AutosaveController | null>(null);
  const controllerRef = useRef<AutosaveController | null>(null);
  const [draftOffer, setDraftOffer] = useState<Draft | null>(null);
  const [connection, setConnection] = useState<ConnectionStatus>("offline");
  const statsStore = useMemo(() => createStatsStore(), []);
  const slashBridge = useMemo(() => createSlashBridge(), []);
  const pendingRemote = useRef<DocumentRecord | null>(null);
  const autoSaveRef = useRef(autoSave);
  autoSaveRef.current = autoSave;

  const editor = useEditor(
    {
      extensions: browserExtensions(slashBridge.handlers),
      content: record.content as Content,
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        // A labelled multi-line textbox: aria-label is not allowed on the plain contenteditable div.
        attributes: {
          class: "draftsmith-prose document-content",
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": "Document content",
          spellcheck: "true",
        },
      },
      onUpdate: ({ editor: ed }) => {
        controllerRef.current?.change();
        statsStore.schedule(ed);
      },
      onSelectionUpdate: ({ editor: ed }) => {
        // An update held back while text was selected is applied once the selection clears.
        if (pendingRemote.current && ed.state.selection.empty) applyPendingRef.current();
      },
    },
    [documentId],
  );

  const serialize = useCallback((): SavePayload => {
    const content = editor ? JSON.stringify(editor.getJSON()) : JSON.stringify(record.content);
    return { title: titleRef.current.trim() || DEFAULT_DOCUMENT_TITLE, content };
  }, [editor, record.content]);

  // The autosave controller starts once the editor holds the stored document; the stored
  // payload is the editor's own serialization, so an untouched document never saves.
  useEffect(() => {
    if (!editor) return;
    const stored = serialize();
    const ctl = new AutosaveController(
      {
        snapshot: serialize,
        send: (payload, version) => patchDocument(documentId, payload, version),
        storeDraft: (d) => storeDraft(documentId, d),
        clearDraft: () => clearDraft(documentId),
      },
      { stored, version: record.version, updatedAt: record.updated_at },
    );
    ctl.setAutoSave(autoSaveRef.current);
    controllerRef.current = ctl;
    setController(ctl);
    statsStore.now(editor);
    const draft = loadDraft(documentId);
    if (draft) {
      if (payloadKey(draft) === payloadKey(stored)) clearDraft(documentId);
      else setDraftOffer(draft);
    }
    return () => {
      ctl.dispose();
      controllerRef.current = null;
    };
    // record is the document as loaded; later server versions arrive through the controller.
  }, [editor]);

  useEffect(() => controller?.setAutoSave(autoSave), [controller, autoSave]);

  const setTitle = useCallback((next: string) => {
    titleRef.current = next;
    setTitleState(next);
    controllerRef.current?.change();
  }, []);

  /** Replaces the editor's text with a server version (no undo step, no autosave). */
  const replaceWith = useCallback(
    (remote: { title: string; content: unknown }) => {
      if (!editor) return;
      editor.chain().setMeta("addToHistory", false).setContent(remote.content as Content, { emitUpdate: false }).run();
      titleRef.current = shownTitle(remote.title);
      setTitleState(shownTitle(remote.title));
      statsStore.now(editor);
    },
    [editor, statsStore],
  );

  const applyRemote = useCallback(
    (next: DocumentRecord) => {
      const ctl = controllerRef.current;
      if (!ctl || next.version <= ctl.version) return;
      replaceWith(next);
      ctl.acceptRemote(remoteOf(next), serialize());
      toast({ title: "Document updated", description: "This document was updated by another user." });
    },
    [replaceWith, serialize],
  );

  const applyPendingRef = useRef(() => {});
  applyPendingRef.current = () => {
    const ctl = controllerRef.current;
    const next = pendingRemote.current;
    if (!ctl || !next || !editor) return;
    if (next.version <= ctl.version) {
      pendingRemote.current = null;
      return;
    }
    if (ctl.hasUnsavedEdits() || !editor.state.selection.empty) return;
    pendingRemote.current = null;
    applyRemote(next);
  };

  // Realtime: another writer's save replaces the text unless the user has a selection or
  // unsaved edits (then the next save meets a 409 and the user chooses).
  useEffect(() => {
    if (!controller) return;
    const unsubscribe = subscribeToDocument(documentId, {
      onUpdate: (next) => {
        if (next.id !== documentId) return;
        if (next.version <= controller.version) return;
        pendingRemote.current = next;
        applyPendingRef.current();
      },
      onStatus: (status) => setConnection(status === "SUBSCRIBED" ? "live" : "offline"),
    });
    // Also once our own save has gone through (the held update may be newer still).
    const stopWatching = controller.subscribe(() => {
      if (pendingRemote.current && controller.getState().status === "saved") applyPendingRef.current();
    });
    return () => {
      unsubscribe();
      stopWatching();
      setConnection("offline");
    };
  }, [controller, documentId]);

  // Leaving: save now when the tab is hidden; on unload keep the copy on the device and
  // flush it with keepalive, and ask the browser to warn. Leaving inside the app (a link,
  // another document) flushes the same way as the editor closes, and a sign-out first
  // waits for the flush, while the session still works.
  useEffect(() => {
    if (!controller) return;
    let flushedSeq = -1;
    const flush = () => {
      const f = controller.flushForUnload();
      if (!f || f.seq === flushedSeq || !autoSaveRef.current) return;
      flushedSeq = f.seq;
      return patchWithKeepalive(documentId, f.payload, f.baseVersion, accessTokenRef.current).then((saved) => {
        if (!saved) return;
        controller.confirmSaved(f.payload, f.seq, saved.version, saved.updated_at);
        // Once the editor has closed nothing else drops the copy kept on the device.
        clearDraftIfSaved(documentId, f.payload);
      });
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!controller.hasUnsavedEdits()) return;
      flush();
      e.preventDefault();
      e.returnValue = "";
    };
    const onPageHide = () => flush();
    const onHidden = () => {
      if (document.visibilityState === "hidden" && controller.hasUnsavedEdits() && autoSaveRef.current) void controller.save();
    };
    const onOnline = () => {
      const s = controller.getState().status;
      if (s === "offline" || s === "error") void controller.save();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("online", onOnline);
    const stopWaitingAtSignOut = onBeforeSignOut(flush);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("online", onOnline);
      stopWaitingAtSignOut();
      // The editor is closing while the app stays open: its last edits go now.
      flush();
    };
  }, [controller, documentId, accessTokenRef]);

  useEffect(() => () => statsStore.dispose(), [statsStore]);

  const state = useSyncExternalStore(
    controller?.subscribe ?? noopSubscribe,
    controller?.getState ?? (() => INITIAL_STATE),
    controller?.getState ?? (() => INITIAL_STATE),
  );

  const keepMine = useCallback(() => void controllerRef.current?.keepMine(), []);
  const takeTheirs = useCallback(() => {
    const ctl = controllerRef.current;
    const theirs = ctl?.getState().conflict;
    if (!ctl || !theirs) return;
    replaceWith(theirs);
    ctl.acceptRemote(theirs, serialize());
  }, [replaceWith, serialize]);

  const restoreDraft = useCallback(() => {
    const draft = draftOffer;
    const ctl = controllerRef.current;
    setDraftOffer(null);
    if (!draft || !ctl || !editor) return;
    let content: unknown;
    try {
      content = JSON.parse(draft.content);
    } catch {
      clearDraft(documentId);
      return;
    }
    editor.chain().setContent(content as Content, { emitUpdate: false }).run();
    titleRef.current = shownTitle(draft.title);
    setTitleState(shownTitle(draft.title));
    statsStore.now(editor);
    // Saved against the version it was based on: if the server moved on, a conflict asks.
    ctl.restore(draft.baseVersion);
  }, [draftOffer, editor, documentId, statsStore]);

  const discardDraft = useCallback(() => {
    setDraftOffer(null);
    clearDraft(documentId);
  }, [documentId]);

  const getDocument = useCallback(
    () => ({ id: documentId, title: titleRef.current.trim() || DEFAULT_DOCUMENT_TITLE, content: editor?.getJSON() ?? record.content }),
    [documentId, editor, record.content],
  );

  return {
    editor,
    title,
    setTitle,
    controller,
    state: controller ? state : { ...INITIAL_STATE, version: record.version, updatedAt: record.updated_at },
    statsStore,
    slashBridge,
    connection,
    draftOffer,
    restoreDraft,
    discardDraft,
    keepMine,
    takeTheirs,
    getDocument,
  };
}
