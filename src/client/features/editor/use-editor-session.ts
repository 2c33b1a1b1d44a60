// One open document, put together from its parts: the editor itself (use-document-editor),
// its autosave (use-document-autosave, whose controller alone keeps the copy on the device
// and flushes on the way out), other writers' updates (use-remote-updates) and the offer
// to restore edits kept from an earlier visit (use-draft-restore).
import { useCallback } from "react";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import { useDocumentAutosave } from "./use-document-autosave";
import { useDocumentEditor } from "./use-document-editor";
import { useDraftRestore } from "./use-draft-restore";
import { useRemoteUpdates } from "./use-remote-updates";

export type { ConnectionStatus } from "./use-remote-updates";

export interface EditorSessionOptions {
  record: DocumentRecord;
  autoSave: boolean;
  /** Read at unload time for the keepalive request (no await possible there). */
  accessTokenRef: { current: string | null };
}

export function useEditorSession({ record, autoSave, accessTokenRef }: EditorSessionOptions) {
  const doc = useDocumentEditor(record, {
    onChange: () => autosave.controllerRef.current?.change(),
    onSelectionEmpty: () => remote.selectionCleared(),
  });
  const { editor, serialize, show } = doc;
  const autosave = useDocumentAutosave({ record, editor, serialize, autoSave, accessTokenRef });
  const { controller, controllerRef } = autosave;

  /** Shows a server version (no undo step) and returns the editor serialized after it. */
  const showRemote = useCallback(
    (remote: { title: string; content: unknown }) => {
      show(remote, { undoable: false });
      return serialize();
    },
    [show, serialize],
  );

  const remote = useRemoteUpdates({
    documentId: record.id,
    controller,
    controllerRef,
    hasSelection: () => !editor?.state.selection.empty,
    replaceWith: showRemote,
  });

  const drafts = useDraftRestore({
    controller,
    showDraft: useCallback(
      (draft) => {
        if (!editor) return false;
        show(draft, { undoable: true });
        return true;
      },
      [editor, show],
    ),
  });

  const setTitle = useCallback(
    (next: string) => {
      doc.setTitle(next);
      controllerRef.current?.change();
    },
    [doc.setTitle, controllerRef],
  );

  const keepMine = useCallback(() => void controllerRef.current?.keepMine(), [controllerRef]);
  const takeTheirs = useCallback(() => {
    const ctl = controllerRef.current;
    const theirs = ctl?.getState().conflict;
    if (!ctl || !theirs || !editor) return;
    ctl.acceptRemote(theirs, showRemote(theirs));
  }, [controllerRef, editor, showRemote]);

  return {
    editor,
    title: doc.title,
    setTitle,
    controller,
    state: autosave.state,
    statsStore: doc.statsStore,
    slashBridge: doc.slashBridge,
    connection: remote.connection,
    draftOffer: drafts.draftOffer,
    restoreDraft: drafts.restoreDraft,
    discardDraft: drafts.discardDraft,
    keepMine,
    takeTheirs,
    getDocument: doc.getDocument,
  };
}
