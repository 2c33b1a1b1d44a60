// The bell in the dashboard's header: the unread count (read on load, every 30 s while the
// tab is visible and when it gets the focus again) and, on a press, the inbox. The inbox's
// code loads the first time it opens, not with the dashboard.
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { UNREAD_QUERY_KEY, fetchUnread } from "./api";
import { lazyPart } from "../../lib/lazy-part";

const InboxPanel = lazyPart(() => import("./inbox-panel"));

export function NotificationBell() {
  const unread = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => fetchUnread(signal),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
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
