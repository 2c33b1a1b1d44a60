// Data hooks of the dashboard: the owner's document list and its create / rename / delete
// mutations (spec accounts §7 "a data hook for list, create, update and delete"). Every
// change invalidates the list so the dashboard is current without a reload.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentRecord, DocumentSummary } from "../../../shared/contracts/documents";
import { ApiError, apiJson, apiRequest, isApiError } from "../../lib/api";
import { summaryOf } from "./merge-update";

export const DOCUMENTS_QUERY_KEY = ["/api/documents"] as const;

/** The next page's URL from a Link header (rel="next"), or null on the last page. */
export function nextPageUrl(link: string | null): string | null {
  const match = link?.match(/<([^>]+)>\s*;\s*rel="next"/);
  return match ? match[1]! : null;
}

/** Every page of the owner's list (summaries: no content), newest first. */
async function fetchAllDocuments(signal: AbortSignal): Promise<DocumentSummary[]> {
  const all: DocumentSummary[] = [];
  for (let url: string | null = DOCUMENTS_QUERY_KEY[0]; url; ) {
    const res = await apiRequest("GET", url, undefined, { signal });
    all.push(...((await res.json()) as DocumentSummary[]));
    url = nextPageUrl(res.headers.get("link"));
  }
  return all;
}

export function useDocuments(opts: { enabled?: boolean } = {}) {
  return useQuery<DocumentSummary[]>({
    queryKey: DOCUMENTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAllDocuments(signal),
    enabled: opts.enabled ?? true,
  });
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
    onSuccess: (doc) => {
      queryClient.setQueryData<DocumentSummary[]>(DOCUMENTS_QUERY_KEY, (list) => (list ? [summaryOf(doc), ...list] : list));
    },
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
    onSuccess: (_void, id) => {
      queryClient.setQueryData<DocumentSummary[]>(DOCUMENTS_QUERY_KEY, (list) => list?.filter((d) => d.id !== id));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      // The deleted document is now in the trash.
      void queryClient.invalidateQueries({ queryKey: ["/api/trash"] });
    },
  });
}
