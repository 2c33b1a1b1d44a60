// The trash's data: what is in it, and restoring or deleting a document for good. Both
// change the documents list too, so both invalidate it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type DocumentSummary, type TrashedDocument, TrashedDocumentSchema } from "../../../shared/contracts/documents";
import { apiJson } from "../../lib/api";
import { DOCUMENTS_QUERY_KEY } from "./use-documents";

export const TRASH_QUERY_KEY = ["/api/trash"] as const;

export function useTrash() {
  return useQuery<TrashedDocument[]>({
    queryKey: TRASH_QUERY_KEY,
    queryFn: async ({ signal }) => TrashedDocumentSchema.array().parse(await apiJson("GET", TRASH_QUERY_KEY[0], undefined, { signal })),
    // Deleted elsewhere (another tab, a collaborator's view of the list) shows up on each visit.
    refetchOnMount: "always",
  });
}

function useTrashChange<T>(mutationFn: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TrashedDocument[]>(TRASH_QUERY_KEY, (list) => list?.filter((d) => d.id !== id));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
    },
  });
}

export function useRestoreDocument() {
  return useTrashChange((id: string) => apiJson<DocumentSummary>("POST", `/api/trash/${encodeURIComponent(id)}/restore`));
}

export function useDeleteForever() {
  return useTrashChange((id: string) => apiJson<void>("DELETE", `/api/trash/${encodeURIComponent(id)}`));
}
