// The built-in fan-out: delivers each event to this process's own subscribers.
import type { BusWatcher, RealtimeBus, RealtimeHandler } from "./types.js";

export function createMemoryBus(): RealtimeBus {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const watchers = new Set<BusWatcher>();
  return {
    kind: "memory",
    // Synchronous up to its end: when publish() returns, every watcher and subscriber has run.
    async publish(event) {
      for (const w of watchers) w.event(event.channel, event.record);
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
    watch(watcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    async close() {
      watchers.clear();
      handlers.clear();
    },
  };
}
