// Reads just enough of a message on the live connection to tell what it is, before the
// live-editing library handles it: a document change (a sync update, or the second step of a
// sync carrying what the server lacks), a broadcast to every editor, or anything else.
// Layout: document name (string), message type (varuint); a sync message then has its own
// type and, for steps 2 and updates, the Yjs update as a length-prefixed byte array.
import * as decoding from "lib0/decoding";

/** Message types of the live connection's protocol (Hocuspocus 3). */
const SYNC = 0;
const SYNC_REPLY = 4;
const BROADCAST_STATELESS = 6;
/** Sync sub-types (y-protocols/sync). */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

export type CollabMessage =
  | { kind: "change"; update: Uint8Array }
  | { kind: "broadcast" }
  | { kind: "other" }
  | { kind: "malformed" };

export function readCollabMessage(bytes: Uint8Array): CollabMessage {
  try {
    const decoder = decoding.createDecoder(bytes);
    decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (type === BROADCAST_STATELESS) return { kind: "broadcast" };
    if (type !== SYNC && type !== SYNC_REPLY) return { kind: "other" };
    const syncType = decoding.readVarUint(decoder);
    if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return { kind: "other" };
    return { kind: "change", update: decoding.readVarUint8Array(decoder) };
  } catch {
    return { kind: "malformed" };
  }
}
