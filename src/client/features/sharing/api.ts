// Calls of the sharing feature. Owner calls go through apiJson (bearer session); the
// visitor's calls go straight to /api/shared/* with the share token, never the session.
import type { z } from "zod";
import { ApiError, type ApiErrorBody, apiJson } from "../../lib/api";
import {
  SHARE_TOKEN_HEADER,
  type SharedDocument,
  type ShareSettings,
  type ShareSettingsInput,
  sharedDocument,
  shareSettings,
  unlockResponse,
} from "../../../shared/contracts/sharing";

export async function fetchShareSettings(documentId: string): Promise<ShareSettings> {
  return shareSettings.parse(await apiJson("GET", `/api/documents/${encodeURIComponent(documentId)}/share`));
}

export async function saveShareSettings(documentId: string, input: ShareSettingsInput): Promise<ShareSettings> {
  return shareSettings.parse(await apiJson("PUT", `/api/documents/${encodeURIComponent(documentId)}/share`, input));
}

async function visitorRequest(method: "GET" | "POST" | "PATCH", url: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers[SHARE_TOKEN_HEADER] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "omit" });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) {
    const errBody = parsed && typeof parsed === "object" ? (parsed as ApiErrorBody) : null;
    throw new ApiError(res.status, text || res.statusText, errBody);
  }
  return { res, body: parsed };
}

const sharedUrl = (id: string) => `/api/shared/${encodeURIComponent(id)}`;

/** The shared document, and a fresh share token when the server handed one out (open links). */
export async function fetchSharedDocument(id: string, token: string | null): Promise<{ doc: SharedDocument; token: string | null }> {
  const { res, body } = await visitorRequest("GET", sharedUrl(id), token);
  return { doc: sharedDocument.parse(body), token: res.headers.get(SHARE_TOKEN_HEADER) };
}

export async function unlockShared(id: string, password: string): Promise<z.infer<typeof unlockResponse>> {
  const { body } = await visitorRequest("POST", `${sharedUrl(id)}/unlock`, null, { password });
  return unlockResponse.parse(body);
}

/** Seconds from a 429, for "try again in …". */
export function retryAfterSeconds(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  const n = Number(err.body?.retryAfter);
  return Number.isFinite(n) && n > 0 ? n : null;
}
