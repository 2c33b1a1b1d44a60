// The built-in fan-out: delivers each event to this process's own subscribers.
import type { RealtimeBus, RealtimeHandler } from "./types.js";

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
