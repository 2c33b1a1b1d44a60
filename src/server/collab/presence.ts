// Who is in a document (the avatars and carets every editor shows) is the document's Yjs
// awareness, one state per editor's client id. Hocuspocus removes a client's state when the
// socket that brought it closes, but it ties a client id to a socket only when that socket
// *adds* the state, and never unties it. An editor that reconnects (a role change, a dropped
// network) before its old socket has finished closing sends its state on the new socket as an
// *update*: the old socket's close then removed the state of an editor still there, and
// closing the new socket (the editor removed from the document) left the state behind for
// the 30 s awareness timeout. Here the latest socket to speak for a client owns it.
import type { Document } from "@hocuspocus/server";

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

/** Keeps `document`'s presence tied to the sockets editors are on now (see above). */
export function keepPresenceHonest(document: Document): void {
  const awareness = document.awareness;
  awareness.on("update", ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
    if (origin === null) {
      // Removed by the server (its socket closed): forget its clock too, so the same editor's
      // state, sent again with that clock on reconnecting, is taken rather than ignored.
      for (const id of removed) awareness.meta.delete(id);
      return;
    }
    const socket = origin as Parameters<Document["getClients"]>[0];
    if (!document.connections.has(socket)) return;
    for (const id of [...added, ...updated]) {
      for (const [other, { clients }] of document.connections) if (other !== socket) clients.delete(id);
      document.getClients(socket).add(id);
    }
  });
}
