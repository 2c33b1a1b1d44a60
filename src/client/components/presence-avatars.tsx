// Who else is in the document: one round avatar per other writer or visitor, in their caret
// colour, from the live session's awareness. A visitor on a share link shows as "Guest".
import { useSyncExternalStore } from "react";
import type { LiveDocument, LiveUser } from "../lib/collab/live-document";

const MAX_SHOWN = 4;

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
  const shown = others.slice(0, MAX_SHOWN);
  const hidden = others.length - shown.length;
  const names = others.map((u) => u.name).join(", ");
  return (
    <ul aria-label={`Also here: ${names}`} className="flex items-center -space-x-2" data-testid="presence">
      {shown.map((u, i) => (
        <li
          key={`${u.name}-${i}`}
          title={u.name}
          className="flex size-7 items-center justify-center rounded-full border-2 border-background text-xs font-semibold text-white"
          style={{ backgroundColor: u.color }}
        >
          <span aria-hidden="true">{[...u.name.trim()][0]?.toUpperCase() ?? "?"}</span>
          <span className="sr-only">{u.name}</span>
        </li>
      ))}
      {hidden > 0 && (
        <li className="flex size-7 items-center justify-center rounded-full border-2 border-background bg-muted text-xs font-medium text-muted-foreground">
          +{hidden}
        </li>
      )}
    </ul>
  );
}
