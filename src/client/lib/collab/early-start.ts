// A document's live session can start before the view that shows it: the editor page starts
// it together with its GET of the record, so the server loads the document's live state
// (converting it from JSON the first time) while the record travels and the editor is
// built, instead of after. The view then takes that session rather than opening a second
// connection (useLiveDocument with takeStarted).
import { LiveDocument, type LiveConnectionOptions } from "./live-document";

/** Sessions started and not yet taken by a view, by document id. */
const started = new Map<string, LiveDocument>();

/** Starts the session of `opts.documentId`; the returned function ends it unless a view took it. */
export function startLiveDocument(opts: LiveConnectionOptions): () => void {
  started.get(opts.documentId)?.destroy();
  const live = new LiveDocument(opts);
  started.set(opts.documentId, live);
  return () => {
    if (started.get(opts.documentId) !== live) return;
    started.delete(opts.documentId);
    live.destroy();
  };
}

/** The session started for `documentId`, if any: from now on the caller's to end. */
export function takeLiveDocument(documentId: string): LiveDocument | undefined {
  const live = started.get(documentId);
  started.delete(documentId);
  return live;
}
