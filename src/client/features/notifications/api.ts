// The inbox API (src/server/notifications/routes.ts). Types only from the contract.
import type { NotificationListResponse, UnreadCountResponse } from "../../../shared/contracts/notifications";
import { apiJson } from "../../lib/api";

export const UNREAD_QUERY_KEY = ["/api/notifications/unread"] as const;
export const INBOX_QUERY_KEY = ["/api/notifications"] as const;

export const fetchUnread = (signal?: AbortSignal) => apiJson<UnreadCountResponse>("GET", UNREAD_QUERY_KEY[0], undefined, { signal });
export const fetchInbox = (signal?: AbortSignal) => apiJson<NotificationListResponse>("GET", INBOX_QUERY_KEY[0], undefined, { signal });
export const markRead = (id: string) => apiJson<UnreadCountResponse>("POST", `/api/notifications/${encodeURIComponent(id)}/read`);
export const markAllRead = () => apiJson<UnreadCountResponse>("POST", "/api/notifications/read-all");
