// Loads the document of /editor/:id, or creates one for /editor (then the caller replaces
// the URL). An unknown or foreign id is a 404 from the server: a not-found state.
import { useEffect, useRef, useState } from "react";
import type { DocumentRecord, LiveDocumentRecord } from "../../../shared/contracts/documents";
import { apiJson, isApiError } from "../../lib/api";
import { liveToken, readLiveRecord, takeEditorOpen } from "../../lib/collab/early-open";
import { startLiveDocument } from "../../lib/collab/early-start";
import { markOpen } from "../../lib/collab/open-marks";

type EditorDocumentState =
  | { kind: "loading" }
  | { kind: "created"; id: string }
  /** The record without its content: the editor takes the text from the live session. */
  | { kind: "ready"; record: LiveDocumentRecord }
  | { kind: "not-found" }
  | { kind: "limit"; message: string }
  | { kind: "error"; message: string };

export function useEditorDocument(id: string | undefined, enabled: boolean): { state: EditorDocumentState; retry: () => void } {
  const [state, setState] = useState<EditorDocumentState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // One POST per visit to /editor, even if effects run twice.
  const creating = useRef<Promise<DocumentRecord> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const ac = new AbortController();
    let endLive = () => {};
    setState({ kind: "loading" });
    const fail = (err: unknown) => {
      if (!active) return;
      if (isApiError(err, 404) || isApiError(err, 400)) setState({ kind: "not-found" });
      else if (isApiError(err, 402)) setState({ kind: "limit", message: err.body?.message ?? "Your plan's document limit is reached." });
      else setState({ kind: "error", message: err instanceof Error ? err.message : String(err) });
    };
    if (!id) {
      creating.current ??= apiJson<DocumentRecord>("POST", "/api/documents", {});
      creating.current.then((doc) => active && setState({ kind: "created", id: doc.id }), fail).finally(() => {
        creating.current = null;
      });
    } else {
      // The live session starts with the request, or started with the page (early-open.ts): the
      // editor takes its text from it, and the server loads it meanwhile. Ended here unless the
      // editor has taken it.
      const early = takeEditorOpen(id);
      endLive = early?.endLive ?? startLiveDocument({ documentId: id, token: liveToken });
      (early?.record ?? readLiveRecord(id, ac.signal)).then(
        (record) => {
          markOpen("document");
          if (active) setState({ kind: "ready", record });
        },
        (err) => {
          endLive();
          if (!ac.signal.aborted) fail(err);
        },
      );
    }
    return () => {
      active = false;
      ac.abort();
      endLive();
    };
  }, [id, enabled, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
