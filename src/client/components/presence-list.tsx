// The round avatars of who else is in the document (presence-avatars.tsx): loaded when
// someone else first shows up, since a writer alone never sees them.
import type { LiveUser } from "../lib/collab/live-document";

const MAX_SHOWN = 4;

export function PresenceList({ others }: { others: LiveUser[] }) {
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
