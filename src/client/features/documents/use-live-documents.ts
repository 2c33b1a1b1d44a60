// Keeps the dashboard list current when a document changes elsewhere (the editor in another
// tab or device): each listed document's realtime channel patches the cached list in place.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { subscribeToDocument } from "../../lib/realtime";
import { mergeUpdate } from "./merge-update";
import { updateDocumentLists } from "./use-documents";

/** The server allows 50 channels per connection; the most recent documents get them. */
const MAX_LIVE = 40;

export function useLiveDocumentList(documents: DocumentSummary[] | undefined) {
  const queryClient = useQueryClient();
  // Sorted, so that a list merely reordered by an update keeps its subscriptions.
  const key = (documents ?? [])
    .slice(0, MAX_LIVE)
    .map((d) => d.id)
    .sort()
    .join(",");

  useEffect(() => {
    if (!key) return;
    const stops = key.split(",").map((id) =>
      subscribeToDocument(
        id,
        {
          onUpdate: (record) => updateDocumentLists(queryClient, (items) => mergeUpdate(items, record) ?? items),
          onStatus: () => {},
        },
        // Summaries, not content: the list shows titles, dates, word counts and excerpts.
        { summary: true },
      ),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, queryClient]);
}
