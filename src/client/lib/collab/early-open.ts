// Opening an editor URL starts in the entry file (main.tsx), before the editor route's files
// have arrived and run: the read of the record and the document's live session, so the
// server loads the live state meanwhile, and the read of the writer's preferences, which
// the page waits for before it builds the editor. The editor page then takes both (useEditorDocument)
// instead of starting them itself. Only for a returning writer whose stored session can be
// used at once (auth-client.ts); anyone else opens as before, from the page.
import type { LiveDocumentRecord } from "../../../shared/contracts/documents";
import { apiJson, jsonOf } from "../api";
import { getAccessToken, storedSession } from "../auth-client";
import { startRead } from "../early-reads";
import { PREFERENCES_URL } from "../preferences-url";

const EDITOR_PATH = /^\/editor\/([^/]+)\/?$/;

/** A started open nobody took (the page went elsewhere) ends its live session after this. */
export const UNTAKEN_OPEN_MS = 60_000;

/**
 * The editor's read of document `id`: the record without its content, which the editor takes
 * from the live session (the server starts loading that session's state on this read).
 */
export function readLiveRecord(id: string, signal?: AbortSignal): Promise<LiveDocumentRecord> {
  return apiJson<LiveDocumentRecord>("GET", `/api/documents/${encodeURIComponent(id)}?content=live`, undefined, { signal });
}

declare global {
  interface Window {
    /** The read of the record the page started as it was parsed (index.html), until taken. */
    draftsmithRecordRead?: { path: string; response: Promise<Response> };
  }
}

/**
 * The read of the record index.html started for the URL's path segment `path`, if any: the
 * same request readLiveRecord makes, sent with the stored session as the page was parsed,
 * ~200 ms before the entry file has arrived and run, so the server starts loading the live
 * state that much earlier. Taken only when the stored session is usable here too (the page's
 * check is shorter to keep its bytes down; a read nobody takes costs one request).
 */
function takePageRead(path: string): Promise<LiveDocumentRecord> | undefined {
  const read = window.draftsmithRecordRead;
  delete window.draftsmithRecordRead;
  if (!read || read.path !== path) return undefined;
  return read.response.then((res) => jsonOf<LiveDocumentRecord>(res));
}

/** The live session's token: the access token, asked again on every reconnect. */
export const liveToken = async () => (await getAccessToken()) ?? "";

interface StartedOpen {
  id: string;
  record: Promise<LiveDocumentRecord>;
  /** Ends the live session unless a view took it; null until the session has started. */
  endLive: (() => void) | null;
  taken: boolean;
}

let started: StartedOpen | null = null;

type SessionStarter = () => Promise<{ startLiveDocument: typeof import("./early-start").startLiveDocument }>;

/** Starts opening the document of `path` if it is an editor URL and the stored session can be used. */
export function beginEditorOpen(path = window.location.pathname, loadStarter: SessionStarter = () => import("./early-start")): void {
  const match = EDITOR_PATH.exec(path);
  if (!match || !storedSession()) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const open: StartedOpen = { id, record: takePageRead(match[1]!) ?? readLiveRecord(id), endLive: null, taken: false };
  // Whoever takes the open handles its failure (a 404 shows "not found").
  open.record.catch(() => {});
  started = open;
  startRead(PREFERENCES_URL);
  void loadStarter().then(
    ({ startLiveDocument }) => {
      // The page may have come first: it then started the session itself.
      if (open.taken || started !== open) return;
      open.endLive = startLiveDocument({ documentId: id, token: liveToken });
    },
    () => {},
  );
  setTimeout(() => {
    if (open.taken) return;
    if (started === open) started = null;
    open.endLive?.();
  }, UNTAKEN_OPEN_MS);
}

/**
 * The open started for document `id`, if any: its record, and the end of its live session
 * (null: not started yet, the caller starts it). From now on the caller's; an open of another
 * document is ended.
 */
export function takeEditorOpen(id: string): { record: Promise<LiveDocumentRecord>; endLive: (() => void) | null } | null {
  const open = started;
  started = null;
  if (!open) return null;
  open.taken = true;
  if (open.id !== id) {
    open.endLive?.();
    return null;
  }
  return { record: open.record, endLive: open.endLive };
}
