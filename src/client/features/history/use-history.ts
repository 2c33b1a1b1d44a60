// The version history's data: the list (read again each time the panel opens, since writers
// add versions all the time), a version's content (never changes, so read once), and the
// changes that add to the list.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listVersions, nameCurrentVersion, readVersion, renameVersion, restoreVersion } from "./api";

const listKey = (documentId: string) => ["history", documentId, "list"] as const;
const contentKey = (documentId: string, versionId: string) => ["history", documentId, "version", versionId] as const;

/** The list, a page at a time (newest first); `fetchNextPage` reads the older ones. */
export function useVersionList(documentId: string) {
  return useInfiniteQuery({
    queryKey: listKey(documentId),
    queryFn: ({ signal, pageParam }) => listVersions(documentId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: 0,
    refetchOnMount: "always",
  });
}

/** The content of a version; null id reads nothing (no version to compare with). */
export function useVersionContent(documentId: string, versionId: string | null) {
  return useQuery({
    queryKey: contentKey(documentId, versionId ?? ""),
    queryFn: ({ signal }) => readVersion(documentId, versionId!, signal),
    enabled: versionId !== null,
    // The content of a version is fixed; only its name changes, and that comes from the list.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}

export function useHistoryActions(documentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(documentId) });
  return {
    nameCurrent: useMutation({ mutationFn: (name: string) => nameCurrentVersion(documentId, name), onSettled: refresh }),
    rename: useMutation({
      mutationFn: ({ versionId, name }: { versionId: string; name: string | null }) => renameVersion(documentId, versionId, name),
      onSettled: refresh,
    }),
    restore: useMutation({ mutationFn: (versionId: string) => restoreVersion(documentId, versionId), onSettled: refresh }),
    refresh,
  };
}
