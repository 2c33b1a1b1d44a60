// Loads a shared document for a visitor: the document, a password prompt, or not found.
// The share token (from unlocking, or handed out for an open link) is kept per tab.
import { useCallback, useEffect, useRef, useState } from "react";
import type { SharedDocument } from "../../../shared/contracts/sharing";
import { ApiError } from "../../lib/api";
import { fetchSharedDocument, unlockShared } from "./api";
import { readShareToken, storeShareToken } from "./token-store";

export type SharedState =
  | { status: "loading" }
  | { status: "ready"; doc: SharedDocument; token: string | null }
  | { status: "locked" }
  | { status: "not-found" }
  | { status: "error" };

export function useSharedDocument(documentId: string) {
  const [state, setState] = useState<SharedState>({ status: "loading" });
  const tokenRef = useRef<string | null>(readShareToken(documentId));

  const load = useCallback(async () => {
    try {
      const { doc, token } = await fetchSharedDocument(documentId, tokenRef.current);
      if (token) {
        tokenRef.current = token;
        storeShareToken(documentId, token);
      }
      setState({ status: "ready", doc, token: tokenRef.current });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        tokenRef.current = null;
        storeShareToken(documentId, null);
        setState({ status: "locked" });
      } else if (err instanceof ApiError && err.status === 404) {
        setState({ status: "not-found" });
      } else {
        setState({ status: "error" });
      }
    }
  }, [documentId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Checks the password on the server; resolves once the document is shown. Throws ApiError. */
  const unlock = useCallback(
    async (password: string) => {
      const { token } = await unlockShared(documentId, password);
      tokenRef.current = token;
      storeShareToken(documentId, token);
      await load();
    },
    [documentId, load],
  );

  return { state, reload: load, unlock, tokenRef };
}
