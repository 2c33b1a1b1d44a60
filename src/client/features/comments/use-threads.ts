// The document's threads, read from the API and again whenever the live connection says a
// thread changed (someone commented, replied, resolved: src/server/realtime/comments.ts),
// so a new reply appears for everyone at once. Each read is under the reader's own access.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ThreadListResponse } from "../../../shared/contracts/comments";
import { isApiError } from "../../lib/api";
import { listThreads } from "./api";

export interface ThreadsState {
  data: ThreadListResponse | null;
  error: string | null;
  /** Reads the threads again now. */
  refresh: () => Promise<void>;
  /** Puts a thread the caller just wrote in place before the next read. */
  replace: (next: ThreadListResponse) => void;
}

export function useThreads(documentId: string, onChanged: (listener: (threadId: string) => void) => () => void): ThreadsState {
  const [data, setData] = useState<ThreadListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const next = await listThreads(documentId, "all");
      if (mine === seq.current) {
        setData(next);
        setError(null);
      }
    } catch (err) {
      if (mine !== seq.current) return;
      setError(isApiError(err, 404) ? "The comments are not available." : "The comments could not be loaded.");
    }
  }, [documentId]);
  useEffect(() => {
    void refresh();
    return onChanged(() => void refresh());
  }, [refresh, onChanged]);
  return { data, error, refresh, replace: setData };
}
