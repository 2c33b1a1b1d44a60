// Fan-out of document events to WebSocket subscribers. In-process by default; across
// processes through PostgreSQL LISTEN/NOTIFY (see postgres-bus.ts) when on PostgreSQL.
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

export function createMemoryBus(): RealtimeBus {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  return {
    kind: "memory",
    async publish(event) {
      for (const h of handlers.get(event.channel) ?? []) h(event);
    },
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set<RealtimeHandler>();
      handlers.set(channel, set);
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}
