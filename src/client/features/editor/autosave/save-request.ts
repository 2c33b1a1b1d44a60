// The PATCH behind autosave, mapped onto the state machine's outcomes.
import type { DocumentConflictBody, DocumentRecord, DocumentSaved } from "../../../../shared/contracts/documents";
import { PREFER_RETURN_MINIMAL } from "../../../../shared/contracts/prefer";
import { apiJson, isApiError } from "../../../lib/api";
import type { RemoteVersion, SaveOutcome, SavePayload } from "../../../lib/autosave/controller";

/** Browsers refuse keepalive requests whose bodies add up to more than 64 KiB. */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;

export const documentUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

/** The editor holds the content it sent; it needs only the new version and time back. */
const MINIMAL = { Prefer: PREFER_RETURN_MINIMAL };

export function remoteOf(record: DocumentRecord): RemoteVersion {
  return { title: record.title, content: record.content, version: record.version, updatedAt: record.updated_at };
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

export async function patchDocument(id: string, payload: SavePayload, version: number): Promise<SaveOutcome> {
  if (isOffline()) return { kind: "offline" };
  try {
    const record = await apiJson<DocumentSaved>("PATCH", documentUrl(id), { ...payload, version }, { headers: MINIMAL });
    return { kind: "ok", version: record.version, updatedAt: record.updated_at };
  } catch (err) {
    if (isApiError(err, 409)) {
      const body = err.body as Partial<DocumentConflictBody> | null;
      if (body?.current) return { kind: "conflict", current: remoteOf(body.current) };
    }
    // fetch() rejects with a TypeError when the network is gone.
    if (!isApiError(err) && (isOffline() || err instanceof TypeError)) return { kind: "offline" };
    return { kind: "failed", message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Sends the last edits while the page unloads or the editor closes. Resolves to the saved
 * document if the page was still alive to read the answer, null otherwise (a refusal or
 * no answer: the copy kept on the device covers those). A body too large for keepalive
 * goes as a plain request: it arrives when the app stays open (leaving the editor through
 * a link), and on unload the kept copy covers it.
 */
export function patchWithKeepalive(
  id: string,
  payload: SavePayload,
  version: number,
  accessToken: string | null,
): Promise<DocumentSaved | null> {
  const body = JSON.stringify({ ...payload, version });
  const keepalive = new Blob([body]).size <= KEEPALIVE_MAX_BYTES;
  const headers: Record<string, string> = { "Content-Type": "application/json", ...MINIMAL };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return fetch(documentUrl(id), { method: "PATCH", headers, body, keepalive, credentials: "include" })
      .then((res) => (res.ok ? (res.json() as Promise<DocumentSaved>) : null))
      .catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
}
