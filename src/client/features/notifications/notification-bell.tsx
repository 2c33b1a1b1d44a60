// The bell in the dashboard's header: the unread count and, on a press, the inbox. The count
// is read on load and again whenever the server says the person's inbox changed (a mention or
// reply for them, or notifications read in another tab or on another device), through the
// dashboard's one /realtime socket (lib/realtime.ts, shared with the live document list);
// the open inbox's list is read again with it. The socket may be down (offline, a proxy that
// drops WebSockets): it reads everything again when it comes back, and the count is also read
// when the tab gets the focus and every 5 minutes while it is visible. The inbox's code loads
// the first time it opens, not with the dashboard.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { lazyPart } from "../../lib/lazy-part";
import { subscribeToInbox } from "../../lib/realtime";
import { INBOX_QUERY_KEY, UNREAD_QUERY_KEY, fetchUnread } from "./api";

const InboxPanel = lazyPart(() => import("./inbox-panel"));

/** Only a fallback for a socket that is down without knowing it: changes arrive live. */
const FALLBACK_POLL_MS = 5 * 60_000;

export function NotificationBell() {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => fetchUnread(signal),
    refetchInterval: FALLBACK_POLL_MS,
    refetchOnWindowFocus: true,
  });
  useEffect(
    () =>
      subscribeToInbox(() => {
        void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
        // The list is read again only while the inbox is open (the query is off otherwise).
        void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
      }),
    [queryClient],
  );
  const count = unread.data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const root = useRef<HTMLDivElement>(null);
  // Closes on Escape and on a press outside.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onDown = (e: PointerEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  const label = count > 0 ? `Notifications, ${count} unread` : "Notifications";
  return (
    <div ref={root} className="sm:relative">
      <Button variant="outline" size="sm" className="relative max-sm:px-2" aria-label={label} aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="notification-bell">
        <Bell aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className={cn("absolute -top-1.5 -right-1.5 min-w-4.5 rounded-full bg-destructive px-1 text-center text-[11px] leading-4.5 font-semibold text-white")}
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <InboxPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
