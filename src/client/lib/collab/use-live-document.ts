// One document's live session for a React view (the owner's editor, an editing visitor on a
// share link): the session itself, its state, the co-edited title, the TipTap extensions
// that bind an editor to it, and the ways out (keepalive on page close, a sign-out that
// first lets changes go, and an in-app close that waits for what is on its way).
import Collaboration from "@tiptap/extension-collaboration";
import type { AnyExtension, Editor } from "@tiptap/core";
import { yUndoPluginKey } from "@tiptap/y-tiptap";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { COLLAB_BODY_FIELD, COLLAB_TITLE_FIELD } from "../../../shared/contracts/collab-wire";
import { onBeforeSignOut } from "../auth-provider";
import { installBindingFastPath } from "./binding-fast-path";
import { takeLiveDocument } from "./early-start";
import { LiveDocument, type LiveDocumentOptions, type LiveUser } from "./live-document";
import { SharedCaret } from "./shared-caret";
import { replaceText } from "./title-text";

installBindingFastPath();

/** How long leaving the editor waits for changes still on their way to the server. */
const LEAVE_WAIT_MS = 3000;

function waitUntilSent(live: LiveDocument): Promise<void> {
  if (!live.provider.hasUnsyncedChanges) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      live.provider.off("unsyncedChanges", check);
      resolve();
    };
    const check = () => {
      if (!live.provider.hasUnsyncedChanges) done();
    };
    const timer = setTimeout(done, LEAVE_WAIT_MS);
    const off = live.subscribe(check);
    live.provider.on("unsyncedChanges", check);
  });
}

/** The extensions that bind a TipTap editor to `live` (body, other writers' carets). */
export function collabExtensions(live: LiveDocument, user: LiveUser): AnyExtension[] {
  return [
    Collaboration.configure({ document: live.ydoc, field: COLLAB_BODY_FIELD }),
    SharedCaret.configure({ provider: live.provider, user }),
  ];
}

/**
 * The writer tries a refused change again (having undone it, usually). The editor's redo
 * steps go first: redoing would only bring back what was refused, and while a redo step
 * holds the undone text it would travel to the server again with the sync.
 */
export function retryRefused(live: LiveDocument, editor: Editor | null): void {
  const undoManager = editor && !editor.isDestroyed ? yUndoPluginKey.getState(editor.state)?.undoManager : undefined;
  undoManager?.clear(false, true);
  live.retry();
}

export function useLiveDocument(opts: LiveDocumentOptions & { /** Take the session the page started early (early-start.ts), if there is one. */ takeStarted?: boolean }) {
  const live = useMemo(
    () => ((opts.takeStarted ? takeLiveDocument(opts.documentId) : undefined) ?? new LiveDocument(opts)).adopt(opts),
    // One live session per document; the token getter and headers are read when needed.
    [opts.documentId],
  );
  const state = useSyncExternalStore(live.subscribe, live.getState, live.getState);
  const titleText = live.ydoc.getText(COLLAB_TITLE_FIELD);
  const [title, setTitleState] = useState(() => titleText.toString());

  useEffect(() => {
    const update = () => setTitleState(titleText.toString());
    titleText.observe(update);
    update();
    return () => titleText.unobserve(update);
  }, [titleText]);

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

  // Closing the view inside the app: let what is on its way arrive, then disconnect.
  useEffect(() => () => void waitUntilSent(live).then(() => live.destroy()), [live]);

  const setTitle = useCallback((next: string) => replaceText(titleText, next), [titleText]);

  return {
    live,
    state,
    title,
    setTitle,
    /** The text to show is here: from the server, or from the copy on this device. */
    ready: state.synced || (state.localLoaded && live.ydoc.getXmlFragment(COLLAB_BODY_FIELD).length > 0),
  };
}
