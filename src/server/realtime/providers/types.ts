// Fan-out of document events to WebSocket subscribers. Two adapters: in-process
// (builtin.ts, the default) and PostgreSQL LISTEN/NOTIFY across processes (postgres.ts);
// index.ts picks one.
export interface RealtimeEvent {
  channel: string;
  record: unknown;
}

export type RealtimeHandler = (event: RealtimeEvent) => void;

/**
 * Sees every event of every channel, from this instance or another, as it goes by: the
 * channel and its small wire form (the record itself on an inline channel, a reference for a
 * document), without the read that turns a reference back into a record. For caches that
 * must forget what an event changed (documents/read-decisions.ts).
 */
export interface BusWatcher {
  event(channel: string, wire: unknown): void;
  /** Events from other instances may have been missed (the listening connection was lost). */
  missed(): void;
}

export interface RealtimeBus {
  kind: "memory" | "postgres";
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(channel: string, handler: RealtimeHandler): () => void;
  /** Called for each event on any channel (BusWatcher); returns the function that stops it. */
  watch(watcher: BusWatcher): () => void;
  close(): Promise<void>;
}
