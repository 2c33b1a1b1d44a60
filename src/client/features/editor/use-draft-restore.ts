// Edits an earlier visit kept on this device but the server never received (a crash, a
// closed tab offline): offered once the document opens, restored on top of the version
// they were based on (if the server moved on since, the next save meets a 409 and asks),
// or discarded. The copy itself belongs to the autosave controller.
import { useCallback, useEffect, useState } from "react";
import type { AutosaveController, Draft } from "../../lib/autosave/controller";

export interface DraftRestoreOptions {
  controller: AutosaveController | null;
  /** Shows the draft's text in the editor (as an undoable change); false if it cannot. */
  showDraft: (draft: { title: string; content: unknown }) => boolean;
}

export function useDraftRestore({ controller, showDraft }: DraftRestoreOptions) {
  const [draftOffer, setDraftOffer] = useState<Draft | null>(null);

  useEffect(() => {
    if (controller) setDraftOffer(controller.takeDraft());
  }, [controller]);

  const restoreDraft = useCallback(() => {
    const draft = draftOffer;
    setDraftOffer(null);
    if (!draft || !controller) return;
    let content: unknown;
    try {
      content = JSON.parse(draft.content);
    } catch {
      controller.discardDraft();
      return;
    }
    if (!showDraft({ title: draft.title, content })) return;
    // Saved against the version it was based on: if the server moved on, a conflict asks.
    controller.restore(draft.baseVersion);
  }, [draftOffer, controller, showDraft]);

  const discardDraft = useCallback(() => {
    setDraftOffer(null);
    controller?.discardDraft();
  }, [controller]);

  return { draftOffer, restoreDraft, discardDraft };
}
