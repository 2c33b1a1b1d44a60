// Fan-out of document events to WebSocket subscribers. Two adapters: in-process
// (builtin.ts, the default) and PostgreSQL LISTEN/NOTIFY across processes (postgres.ts);
// index.ts picks one.
export interface RealtimeEvent {
  channel: string;
  record: unknown;
}

export type RealtimeHandler = (event: RealtimeEvent) => void;

export interface RealtimeBus {
  kind: "memory" | "postgres";
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(channel: string, handler: RealtimeHandler): () => void;
  close(): Promise<void>;
}
