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
/** A batch's envelope around its events: {"o":"<uuid>","b":[…]}. */
const ENVELOPE_BYTES = 60;

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

/** One event on the wire: from origin `o`, channel `c`, wire form `w`. */
interface Envelope {
  o: string;
  c: string;
  w: unknown;
}

/** Several events from origin `o` in one notification, in the order they were published. */
interface Batch {
  o: string;
  b: { c: string; w: unknown }[];
}

/** An event waiting for the notification in flight: its part of a batch and its publisher's promise. */
interface Waiting {
  entry: string;
  bytes: number;
  resolve: () => void;
  reject: (err: unknown) => void;
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

  const received = (channel: string, wire: unknown) => {
    // Watchers see every event, subscribed to or not, before any read.
    for (const w of watchers) w.event(channel, wire);
    if (!counts.get(channel)) return;
    codec
      .decode(channel, wire)
      .then((event) => {
        if (event) void local.publish(event);
      })
      .catch(onError);
  };
  const onNotification = (payload: string) => {
    let env: Envelope | Batch;
    try {
      env = JSON.parse(payload) as Envelope | Batch;
    } catch {
      return;
    }
    if (typeof env !== "object" || env === null || env.o === origin) return;
    if ("b" in env && Array.isArray(env.b)) for (const e of env.b) received(e.c, e.w);
    else if ("c" in env) received(env.c, env.w);
  };
  // One NOTIFY in flight at a time: the events published while it is on its way go out
  // together in the next one, in order (one statement, and one wake-up of every listening
  // instance, for several events on a busy instance). An event alone goes out at once, as
  // one envelope; a batch as { o, b: [{ c, w }, …] }, split to stay under the size limit.
  const waiting: Waiting[] = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (waiting.length > 0) {
      let bytes = ENVELOPE_BYTES;
      let n = 0;
      while (n < waiting.length && (n === 0 || bytes + waiting[n]!.bytes + 1 <= MAX_NOTIFY_BYTES)) bytes += waiting[n++]!.bytes + 1;
      const batch = waiting.splice(0, n);
      const payload = n === 1 ? `{"o":${JSON.stringify(origin)},${batch[0]!.entry.slice(1)}` : `{"o":${JSON.stringify(origin)},"b":[${batch.map((b) => b.entry).join(",")}]}`;
      try {
        await database.notify(NOTIFY_CHANNEL, payload);
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    sending = false;
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
      const entry = JSON.stringify({ c: event.channel, w: wire });
      const bytes = Buffer.byteLength(entry);
      if (bytes + ENVELOPE_BYTES > MAX_NOTIFY_BYTES) {
        throw new Error(`realtime event for ${event.channel} is too large to NOTIFY; encode it by reference`);
      }
      return new Promise<void>((resolve, reject) => {
        waiting.push({ entry, bytes, resolve, reject });
        if (!sending) void send();
      });
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
