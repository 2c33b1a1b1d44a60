// The owner's autosave: one AutosaveController per open document (lib/autosave), saving
// through PATCH /api/documents/:id, keeping unsaved edits on the device, and flushing them
// on every way out: the tab hidden (a plain save), unload and pagehide (keepalive, and the
// browser asked to warn), leaving inside the app (the editor closes) and signing out (which
// waits for the flush while the session still works).
import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import { onBeforeSignOut } from "../../lib/auth-provider";
import { AutosaveController, type AutosaveState, type SavePayload } from "../../lib/autosave/controller";
import { documentDrafts } from "./autosave/draft-store";
import { patchDocument, patchWithKeepalive } from "./autosave/save-request";

export interface DocumentAutosaveOptions {
  record: DocumentRecord;
  /** Null until TipTap has loaded the document; the controller starts then. */
  editor: Editor | null;
  serialize: () => SavePayload;
  autoSave: boolean;
  /** Read at unload time for the keepalive request (no await possible there). */
  accessTokenRef: { current: string | null };
}

const INITIAL_STATE: AutosaveState = { status: "saved", version: 0, updatedAt: null, conflict: null, unsaved: false };
const noopSubscribe = () => () => {};

export function useDocumentAutosave({ record, editor, serialize, autoSave, accessTokenRef }: DocumentAutosaveOptions) {
  const documentId = record.id;
  const [controller, setController] = useState<AutosaveController | null>(null);
  const controllerRef = useRef<AutosaveController | null>(null);
  const autoSaveRef = useRef(autoSave);
  autoSaveRef.current = autoSave;

  // The controller starts once the editor holds the stored document; the stored payload is
  // the editor's own serialization, so an untouched document never saves.
  useEffect(() => {
    if (!editor) return;
    const ctl = new AutosaveController(
      {
        snapshot: serialize,
        send: (payload, version) => patchDocument(documentId, payload, version),
        drafts: documentDrafts(documentId),
        sendKeepalive: (payload, version) =>
          patchWithKeepalive(documentId, payload, version, accessTokenRef.current).then((saved) =>
            saved ? { version: saved.version, updatedAt: saved.updated_at } : null,
          ),
      },
      { stored: serialize(), version: record.version, updatedAt: record.updated_at },
    );
    ctl.setAutoSave(autoSaveRef.current);
    controllerRef.current = ctl;
    setController(ctl);
    return () => {
      ctl.dispose();
      controllerRef.current = null;
    };
    // record is the document as loaded; later server versions arrive through the controller.
  }, [editor]);

  useEffect(() => controller?.setAutoSave(autoSave), [controller, autoSave]);

  useEffect(() => {
    if (!controller) return;
    const flush = () => controller.flush();
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
  }, [controller]);

  const state = useSyncExternalStore(
    controller?.subscribe ?? noopSubscribe,
    controller?.getState ?? (() => INITIAL_STATE),
    controller?.getState ?? (() => INITIAL_STATE),
  );

  return {
    controller,
    controllerRef,
    state: controller ? state : { ...INITIAL_STATE, version: record.version, updatedAt: record.updated_at },
  };
}
