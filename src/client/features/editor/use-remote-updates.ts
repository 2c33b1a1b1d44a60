// Another writer's saves, arriving over the realtime channel: a newer version replaces the
// text unless the user has a selection or unsaved edits. Then it is held, and applied once
// the selection clears or the user's own save has gone through; if the user's save comes
// first it meets a 409 and the user chooses (dialogs.tsx).
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import type { AutosaveController, SavePayload } from "../../lib/autosave/controller";
import { subscribeToDocument } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { remoteOf } from "./autosave/save-request";

export type ConnectionStatus = "live" | "offline";

export interface RemoteUpdatesOptions {
  documentId: string;
  controller: AutosaveController | null;
  controllerRef: RefObject<AutosaveController | null>;
  /** True while the editor shows a selection (an update would move it under the user). */
  hasSelection: () => boolean;
  /** Shows the server's version in the editor and returns the editor serialized after it. */
  replaceWith: (next: DocumentRecord) => SavePayload | null;
}

export function useRemoteUpdates({ documentId, controller, controllerRef, hasSelection, replaceWith }: RemoteUpdatesOptions) {
  const [connection, setConnection] = useState<ConnectionStatus>("offline");
  const pendingRemote = useRef<DocumentRecord | null>(null);

  const applyPendingRef = useRef(() => {});
  applyPendingRef.current = () => {
    const ctl = controllerRef.current;
    const next = pendingRemote.current;
    if (!ctl || !next) return;
    if (next.version <= ctl.version) {
      pendingRemote.current = null;
      return;
    }
    if (ctl.hasUnsavedEdits() || hasSelection()) return;
    pendingRemote.current = null;
    const applied = replaceWith(next);
    if (!applied) return;
    ctl.acceptRemote(remoteOf(next), applied);
    toast({ title: "Document updated", description: "This document was updated by another user." });
  };

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

  /** For the editor's selection events: a held update goes in once the selection clears. */
  const selectionCleared = useCallback(() => {
    if (pendingRemote.current) applyPendingRef.current();
  }, []);

  return { connection, selectionCleared };
}
