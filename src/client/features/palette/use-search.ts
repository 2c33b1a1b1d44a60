// Results for what is typed in the palette: GET /api/search ~150 ms after the last keystroke,
// the previous request aborted, so a slow answer to an older query never replaces a newer one.
import { useEffect, useState } from "react";
import type { SearchResponse, SearchResult } from "../../../shared/contracts/search";
import { SEARCH_QUERY_MAX_LENGTH } from "../../../shared/contracts/search";
import { apiJson } from "../../lib/api";

export const SEARCH_DEBOUNCE_MS = 150;

export interface SearchState {
  results: SearchResult[];
  /** The query the results answer (they stay on screen while the next one loads). */
  answered: string;
  loading: boolean;
  failed: boolean;
}

export function useSearch(query: string): SearchState {
  const [state, setState] = useState<SearchState>({ results: [], answered: "", loading: false, failed: false });
  useEffect(() => {
    const q = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
    if (!q) {
      setState({ results: [], answered: "", loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = window.setTimeout(() => {
      apiJson<SearchResponse>("GET", `/api/search?${new URLSearchParams({ q, limit: "10" })}`, undefined, { signal: controller.signal })
        .then((res) => setState({ results: res.results, answered: q, loading: false, failed: false }))
        .catch(() => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, failed: true }));
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return state;
}
