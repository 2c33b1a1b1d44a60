// User Timing marks of a document's opening, so bench/editor.ts (and DevTools' Performance
// panel) can tell where the time from navigation to editable text goes. Each step is marked
// once per page: a reconnect or a second document does not move it.
export type OpenStep =
  /** The document's record arrived (GET /api/documents/:id). */
  | "document"
  /** The live session started: the socket and the copy on this device are being opened. */
  | "live-start"
  /** The copy on this device (IndexedDB) has been read. */
  | "local-loaded"
  /** The server accepted the connection. */
  | "connected"
  /** The server's state arrived and is being applied (the editor builds its text from it). */
  | "sync-received"
  /** The first exchange with the server finished. */
  | "synced"
  /** The editor exists (bound to the live document, perhaps still empty). */
  | "editor";

const marked = new Set<OpenStep>();

export function markOpen(step: OpenStep): void {
  if (marked.has(step) || typeof performance === "undefined" || !performance.mark) return;
  marked.add(step);
  performance.mark(`draftsmith:${step}`);
}
