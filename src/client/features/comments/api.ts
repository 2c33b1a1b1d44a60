// The comments API (src/server/comments/routes.ts). Types only from the contract, so the
// comments layer does not load the schema library.
import type { CommentStatusFilter, ThreadListResponse, ThreadView } from "../../../shared/contracts/comments";
import { apiJson, apiRequest } from "../../lib/api";

const base = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/comments`;
const thread = (documentId: string, threadId: string) => `${base(documentId)}/${encodeURIComponent(threadId)}`;
const comment = (documentId: string, threadId: string, commentId: string) => `${thread(documentId, threadId)}/replies/${encodeURIComponent(commentId)}`;

export const listThreads = (documentId: string, status: CommentStatusFilter = "all", signal?: AbortSignal) =>
  apiJson<ThreadListResponse>("GET", `${base(documentId)}?status=${status}`, undefined, { signal });

export const startThread = (documentId: string, body: { anchor_id: string; quote: string; body: string }) =>
  apiJson<ThreadView>("POST", base(documentId), body);

export const replyTo = (documentId: string, threadId: string, body: string) => apiJson<ThreadView>("POST", `${thread(documentId, threadId)}/replies`, { body });

export const editComment = (documentId: string, threadId: string, commentId: string, body: string) =>
  apiJson<ThreadView>("PATCH", comment(documentId, threadId, commentId), { body });

export const deleteComment = (documentId: string, threadId: string, commentId: string) =>
  apiRequest("DELETE", comment(documentId, threadId, commentId));

/** Opening a thread reads its notifications (404 when there were none: nothing to do). */
export const markThreadRead = (threadId: string) => apiRequest("POST", `/api/notifications/threads/${encodeURIComponent(threadId)}/read`);

export const setResolved = (documentId: string, threadId: string, resolved: boolean) => apiJson<ThreadView>("PATCH", thread(documentId, threadId), { resolved });
