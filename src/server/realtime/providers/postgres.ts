// Realtime fan-out across processes through PostgreSQL LISTEN/NOTIFY.
//
// NOTIFY payloads are capped at 8000 bytes and a document can be 5 MB, so events travel
// by reference: the codec turns an event into a small wire form (for a document: its id,
// version and writer) and each receiving process turns it back into the full event by
// reading the row once, and only when it has local subscribers on that channel. The
// publishing process delivers to its own subscribers directly from memory and ignores
// its own notifications (tagged with a per-process origin id).
import crypto from "node:crypto";
import type { Database } from "../../db/index.js";
import { createMemoryBus } from "./builtin.js";
import type { BusWatcher, RealtimeBus, RealtimeEvent } from "./types.js";

const NOTIFY_CHANNEL = "draftsmith_realtime";
/** PostgreSQL's limit is 8000 bytes; keep a margin for the envelope. */
const MAX_NOTIFY_BYTES = 7900;

export interface BusCodec {
  /** A small JSON-able form of the event (at most ~7.8 KB once serialized). */
  encode(event: RealtimeEvent): unknown;
  /** The full event again, or null when it is no longer worth delivering. */
  decode(channel: string, wire: unknown): Promise<RealtimeEvent | null>;
}

/** Sends the record itself; for channels whose records are always small. */
export const inlineCodec: BusCodec = {
  encode: (event) => event.record,
  decode: async (channel, wire) => ({ channel, record: wire }),
};

interface Envelope {
  o: string;
  c: string;
  w: unknown;
}

export async function createPostgresBus(
  database: Database,
  codec: BusCodec,
  onError: (err: unknown) => void = () => {},
): Promise<RealtimeBus> {
  const origin = crypto.randomUUID();
  const local = createMemoryBus();
  const counts = new Map<string, number>();
  const watchers = new Set<BusWatcher>();

  const onNotification = (payload: string) => {
    let env: Envelope;
    try {
      env = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (env.o === origin) return;
    // Watchers see every event, subscribed to or not, before any read.
    for (const w of watchers) w.event(env.c, env.w);
    if (!counts.get(env.c)) return;
    codec
      .decode(env.c, env.w)
      .then((event) => {
        if (event) void local.publish(event);
      })
      .catch(onError);
  };
  // Notifications sent while the listening connection was down are lost: watchers are told.
  const stopListening = await database.listen(NOTIFY_CHANNEL, onNotification, () => {
    for (const w of watchers) w.missed();
  });

  return {
    kind: "postgres",
    async publish(event) {
      const wire = codec.encode(event);
      for (const w of watchers) w.event(event.channel, wire);
      await local.publish(event);
      const payload = JSON.stringify({ o: origin, c: event.channel, w: wire } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        throw new Error(`realtime event for ${event.channel} is too large to NOTIFY; encode it by reference`);
      }
      await database.notify(NOTIFY_CHANNEL, payload);
    },
    subscribe(channel, handler) {
      counts.set(channel, (counts.get(channel) ?? 0) + 1);
      const off = local.subscribe(channel, handler);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        const n = (counts.get(channel) ?? 1) - 1;
        if (n <= 0) counts.delete(channel);
        else counts.set(channel, n);
      };
    },
    watch(watcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    async close() {
      await local.close();
      counts.clear();
      watchers.clear();
      try {
        await stopListening();
      } catch {
        /* the connection may already be gone during shutdown */
      }
    },
  };
}
