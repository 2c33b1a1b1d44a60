// The inbox: the newest notifications (mentions and replies), each naming who wrote, where,
// and the comment's first words; pressing one marks it read and opens the document at the
// thread. Beside the bell on a wide screen, across the page under the header on a phone.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AtSign, MessageSquare } from "lucide-react";
import { useLocation } from "wouter";
import type { NotificationView } from "../../../shared/contracts/notifications";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { INBOX_QUERY_KEY, UNREAD_QUERY_KEY, fetchInbox, markAllRead, markRead } from "./api";

const when = (iso: string) => {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return new Date(iso).toLocaleDateString();
};

export default function InboxPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const inbox = useQuery({ queryKey: INBOX_QUERY_KEY, queryFn: ({ signal }) => fetchInbox(signal), enabled: open, refetchOnMount: "always" });
  if (!open) return null;
  const setUnread = (unread: number) => queryClient.setQueryData(UNREAD_QUERY_KEY, { unread });
  const openEntry = async (n: NotificationView) => {
    onClose();
    if (!n.read) void markRead(n.id).then((r) => setUnread(r.unread), () => undefined);
    navigate(n.path);
  };
  const readAll = async () => {
    setUnread((await markAllRead()).unread);
    void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
  };
  const list = inbox.data?.notifications ?? [];
  return (
    <section
      aria-label="Inbox"
      className="absolute inset-x-2 top-full z-50 mt-2 flex max-h-[70vh] flex-col rounded-lg border bg-popover text-popover-foreground shadow-xl sm:inset-x-auto sm:right-0 sm:w-96"
      data-inbox
    >
      <header className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h2 className="text-sm font-semibold">Inbox</h2>
        {(inbox.data?.unread ?? 0) > 0 && (
          <Button type="button" size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => void readAll()}>
            Mark all read
          </Button>
        )}
      </header>
      <div className="min-h-0 overflow-y-auto">
        {inbox.isPending ? (
          <p className="p-3 text-sm text-muted-foreground">Loading…</p>
        ) : inbox.isError ? (
          <p className="p-3 text-sm text-destructive">The inbox could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">Nothing yet. When someone mentions you or replies in your threads, it shows here.</p>
        ) : (
          <ul>
            {list.map((n) => (
              <li key={n.id} className="border-b last:border-b-0">
                <a
                  href={n.path}
                  onClick={(e) => {
                    e.preventDefault();
                    void openEntry(n);
                  }}
                  className={cn("flex gap-2 px-3 py-2.5 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-hidden", !n.read && "bg-primary/5")}
                  data-notification={n.id}
                >
                  {n.kind === "mention" ? (
                    <AtSign aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  ) : (
                    <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block">
                      <span className="font-medium">{n.actor_name}</span> {n.kind === "mention" ? "mentioned you in" : "replied in"}{" "}
                      <span className="font-medium">{n.document_title}</span>
                    </span>
                    <span className="line-clamp-2 text-muted-foreground">{n.excerpt}</span>
                    <span className="text-xs text-muted-foreground">{when(n.created_at)}</span>
                  </span>
                  {!n.read && (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">Unread</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
