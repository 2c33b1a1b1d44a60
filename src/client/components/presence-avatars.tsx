// Who else is in the document: one round avatar per other writer or visitor, in their caret
// colour, from the live session's awareness. A visitor on a share link shows as "Guest".
import { Suspense, useSyncExternalStore } from "react";
import type { LiveDocument, LiveUser } from "../lib/collab/live-document";
import { lazyPart } from "../lib/lazy-part";

// The list itself loads when someone else first shows up (presence-list.tsx).
const PresenceList = lazyPart(() => import("./presence-list").then((m) => ({ default: m.PresenceList })));

function readOthers(live: LiveDocument): LiveUser[] {
  const awareness = live.provider.awareness;
  if (!awareness) return [];
  const others: LiveUser[] = [];
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const user = (state as { user?: Partial<LiveUser> }).user;
    if (user?.name) others.push({ name: user.name, color: user.color ?? "#64748b" });
  }
  return others.sort((a, b) => a.name.localeCompare(b.name));
}

function useOthers(live: LiveDocument): LiveUser[] {
  // Awareness changes often (carets); the snapshot is cached by its serialized names.
  let cacheKey = "";
  let cache: LiveUser[] = [];
  const get = () => {
    const next = readOthers(live);
    const key = next.map((u) => `${u.name}\u0000${u.color}`).join("\u0001");
    if (key !== cacheKey) {
      cacheKey = key;
      cache = next;
    }
    return cache;
  };
  return useSyncExternalStore(
    (notify) => {
      const awareness = live.provider.awareness;
      awareness?.on("change", notify);
      return () => awareness?.off("change", notify);
    },
    get,
    get,
  );
}

export function PresenceAvatars({ live }: { live: LiveDocument }) {
  const others = useOthers(live);
  if (others.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PresenceList others={others} />
    </Suspense>
  );
}
