// Data hooks of the dashboard: the owner's document list and its create / rename / delete
// mutations (spec accounts §7 "a data hook for list, create, update and delete"). Every
// change invalidates the list so the dashboard is current without a reload.
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { DOCUMENT_TOTAL_HEADER, type DocumentRecord, type DocumentSummary } from "../../../shared/contracts/documents";
import { ApiError, apiJson, apiRequest, isApiError } from "../../lib/api";
import { useDocumentSort } from "./document-sort";

export const DOCUMENTS_QUERY_KEY = ["/api/documents"] as const;
/** Documents per page of the dashboard's list. */
export const DOCUMENTS_PAGE_SIZE = 48;

export interface DocumentListPage {
  items: DocumentSummary[];
  /** The next page's URL, or null on the last page. */
  next: string | null;
  /** The caller's documents in all, whatever the page or filter. */
  total: number;
}
export type DocumentListData = InfiniteData<DocumentListPage, string>;

/** The next page's URL from a Link header (rel="next"), or null on the last page. */
export function nextPageUrl(link: string | null): string | null {
  const match = link?.match(/<([^>]+)>\s*;\s*rel="next"/);
  return match ? match[1]! : null;
}

async function fetchPage(url: string, signal: AbortSignal): Promise<DocumentListPage> {
  const res = await apiRequest("GET", url, undefined, { signal });
  const items = (await res.json()) as DocumentSummary[];
  return { items, next: nextPageUrl(res.headers.get("link")), total: Number(res.headers.get(DOCUMENT_TOTAL_HEADER) ?? items.length) };
}

/**
 * One of the dashboard's lists, a page at a time in the chosen sort: the pinned documents
 * (all on one page) or the others. Every list's query key starts with DOCUMENTS_QUERY_KEY.
 */
export function useDocuments(opts: { pinned?: boolean; enabled?: boolean } = {}) {
  const sort = useDocumentSort();
  const pinned = opts.pinned ? "true" : "false";
  const limit = opts.pinned ? 100 : DOCUMENTS_PAGE_SIZE;
  const query = useInfiniteQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, sort, pinned],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: `${DOCUMENTS_QUERY_KEY[0]}?sort=${sort}&pinned=${pinned}&limit=${limit}`,
    getNextPageParam: (last: DocumentListPage) => last.next ?? undefined,
    enabled: opts.enabled ?? true,
  });
  const items = query.data?.pages.flatMap((p) => p.items);
  return { ...query, items, total: query.data?.pages[0]?.total };
}

/** Applies `fn` to the items of every loaded dashboard list. */
export function updateDocumentLists(queryClient: ReturnType<typeof useQueryClient>, fn: (items: DocumentSummary[]) => DocumentSummary[]) {
  queryClient.setQueriesData<DocumentListData>({ queryKey: DOCUMENTS_QUERY_KEY }, (data) =>
    data?.pages ? { ...data, pages: data.pages.map((p) => ({ ...p, items: fn(p.items) })) } : data,
  );
}

/** The human sentence of a failed call: the server's message when it sent one. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && typeof err.body?.message === "string") return err.body.message;
  return err instanceof Error ? err.message : String(err);
}

/** True when the server refused a create because the plan's document limit is reached. */
export function isDocumentLimitError(err: unknown): err is ApiError {
  return isApiError(err, 402) && err.code === "upgrade_required";
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title?: string } = {}) => apiJson<DocumentRecord>("POST", DOCUMENTS_QUERY_KEY[0], input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}

/**
 * Renames a document. A rename only touches the title, so when the document moved on
 * meanwhile (409, e.g. the editor saved in another tab) it is re-applied on the current version.
 */
export function useRenameDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title, version }: { id: string; title: string; version: number }) => {
      const url = `/api/documents/${encodeURIComponent(id)}`;
      try {
        return await apiJson<DocumentRecord>("PATCH", url, { title: title.trim(), version });
      } catch (err) {
        const current = isApiError(err, 409) ? (err.body?.current as DocumentRecord | undefined) : undefined;
        if (!current) throw err;
        return apiJson<DocumentRecord>("PATCH", url, { title: title.trim(), version: current.version });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>("DELETE", `/api/documents/${encodeURIComponent(id)}`),
    onSuccess: (_void, id) => updateDocumentLists(queryClient, (items) => items.filter((d) => d.id !== id)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      // The deleted document is now in the trash.
      void queryClient.invalidateQueries({ queryKey: ["/api/trash"] });
    },
  });
}

/** Pins a document to the top of the dashboard, or unpins it. */
export function usePinDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => apiJson<void>(pinned ? "PUT" : "DELETE", `/api/documents/${encodeURIComponent(id)}/pin`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}
