import { useEffect, useState } from "react";
import { formatLastEdited } from "./last-edited";

/** "Last edited …", refreshed every 30 s. */
export function LastEdited({ updatedAt }: { updatedAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, [updatedAt]);
  return (
    <time dateTime={updatedAt ?? undefined} data-testid="last-edited">
      {formatLastEdited(updatedAt, now)}
    </time>
  );
}
